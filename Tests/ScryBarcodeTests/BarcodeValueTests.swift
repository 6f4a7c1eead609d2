import ScryBarcode
import ScryCore
import Testing

private func parse(_ text: String, _ symbology: Symbology = .qr_code, gs1: Bool = false) -> BarcodeValue {
    BarcodeValue.parse(payload: Array(text.utf8), symbology: symbology, isGS1: gs1)
}

@Test func urlsAndBookmarks() {
    #expect(parse("https://example.org/a?b=1") == BarcodeValue(kind: .url, fields: ["url": .string("https://example.org/a?b=1")]))
    #expect(parse("MEBKM:TITLE:ZXing;URL:http\\://zxing.org;;") == BarcodeValue(
        kind: .url, fields: ["url": .string("http://zxing.org"), "title": .string("ZXing")]))
    #expect(parse("https://example.org/a b").kind == .text)
}

@Test func wifiWithEscapes() {
    let value = parse("WIFI:T:WPA;S:My\\;Net;P:pa\\:ss;H:true;;")
    #expect(value == BarcodeValue(kind: .wifi, fields: [
        "ssid": .string("My;Net"), "password": .string("pa:ss"), "encryption": .string("wpa"), "hidden": .bool(true),
    ]))
    #expect(parse("WIFI:S:Cafe;T:nopass;;").fields["encryption"] == .string("open"))
    #expect(parse("WIFI:S:Old;T:WEP;P:1234567890;;").fields["encryption"] == .string("wep"))
    #expect(parse("WIFI:T:WPA;P:x;;").kind == .text, "no SSID")
}

@Test func emailForms() {
    #expect(parse("mailto:a@example.org?subject=Hi%20there&body=x+y") == BarcodeValue(kind: .email, fields: [
        "address": .string("a@example.org"), "subject": .string("Hi there"), "body": .string("x y"),
    ]))
    #expect(parse("MATMSG:TO:b@example.org;SUB:S;BODY:B;;").fields["address"] == .string("b@example.org"))
    #expect(parse("c@example.org").kind == .email)
    #expect(parse("not an @ address").kind == .text)
}

@Test func phoneAndSMS() {
    #expect(parse("tel:+1-555-0100") == BarcodeValue(kind: .phone, fields: ["number": .string("+1-555-0100")]))
    #expect(parse("tel:call me").kind == .text)
    #expect(parse("SMSTO:+15550100:Hello: world") == BarcodeValue(kind: .sms, fields: [
        "number": .string("+15550100"), "message": .string("Hello: world"),
    ]))
    #expect(parse("sms:+15550100?body=Hi%21") == BarcodeValue(kind: .sms, fields: [
        "number": .string("+15550100"), "message": .string("Hi!"),
    ]))
}

@Test func geoPoints() {
    #expect(parse("geo:48.8584,2.2945,330?q=Eiffel") == BarcodeValue(kind: .geo, fields: [
        "latitude": .double(48.8584), "longitude": .double(2.2945), "altitude": .double(330), "query": .string("Eiffel"),
    ]))
    #expect(parse("geo:91,0").kind == .text, "latitude out of range")
    #expect(parse("geo:1").kind == .text)
}

@Test func vCardWithFoldingAndTypes() {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;Q;Dr.;\r\nFN:Dr. Jane Doe\r\nORG:Acme\\, Inc.\r\n"
        + "TEL;TYPE=cell:+1 555 0100\r\nEMAIL:jane@example.org\r\nNOTE:long\r\n  note\r\nADR;TYPE=work:;;1 Main St;Town;;12345;US\r\nEND:VCARD"
    let value = parse(card)
    #expect(value.kind == .contact)
    #expect(value.fields["name"] == .object([
        "formatted": .string("Dr. Jane Doe"), "last": .string("Doe"), "first": .string("Jane"),
        "middle": .string("Q"), "prefix": .string("Dr."),
    ]))
    #expect(value.fields["organization"] == .string("Acme, Inc."))
    #expect(value.fields["phones"] == .array([.object(["number": .string("+1 555 0100"), "type": .string("cell")])]))
    #expect(value.fields["note"] == .string("long note"))
    #expect(value.fields["addresses"] == .array([.object([
        "lines": .array(["1 Main St", "Town", "12345", "US"].map(JSONValue.string)), "type": .string("work"),
    ])]))
}

@Test func meCard() {
    let value = parse("MECARD:N:Doe,John;TEL:5550100;TEL:5550101;EMAIL:j@example.org;;")
    #expect(value.kind == .contact)
    #expect(value.fields["name"] == .object(["last": .string("Doe"), "first": .string("John"), "formatted": .string("John Doe")]))
    #expect(value.fields["phones"] == .array([.object(["number": .string("5550100")]), .object(["number": .string("5550101")])]))
}

@Test func calendarEvent() {
    let event = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Launch\nLOCATION:Room 1\nDTSTART:20261122T100000Z\nDTEND:20261123\nEND:VEVENT\nEND:VCALENDAR"
    #expect(parse(event) == BarcodeValue(kind: .calendarEvent, fields: [
        "summary": .string("Launch"), "location": .string("Room 1"), "start": .string("2026-11-22T10:00:00Z"),
        "end": .string("2026-11-23"),
    ]))
    #expect(startField("2026112") == nil)
}

private func startField(_ text: String) -> String? {
    let value = parse("BEGIN:VEVENT\nDTSTART:\(text)\nSUMMARY:x\nEND:VEVENT")
    return value.fields["start"].flatMap { if case .string(let s) = $0 { s } else { nil } }
}

/// The AAMVA 2016 standard's example layout (D.12.5), fields abridged.
let aamvaSample = "@\n\u{1E}\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062016\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062008\nDDC06062009\nDDD1\rZVZVA01\r"

@Test func driverLicense() {
    let value = parse(aamvaSample, .pdf417)
    #expect(value == BarcodeValue(kind: .driverLicense, fields: [
        "license_number": .string("T64235789"), "document_type": .string("DL"), "last_name": .string("SAMPLE"),
        "first_name": .string("MICHAEL"), "middle_name": .string("JOHN"), "gender": .string("male"),
        "address_street": .string("2300 WEST BROAD STREET"), "address_city": .string("RICHMOND"),
        "address_state": .string("VA"), "address_zip": .string("232690000"), "issuing_country": .string("USA"),
        "issue_date": .string("2016-06-06"), "expiry_date": .string("2024-12-10"), "birth_date": .string("1986-06-06"),
    ]))
    #expect(parse(aamvaSample, .qr_code).kind == .text, "AAMVA data is read from PDF417 only")
}

@Test func isbn() {
    #expect(parse("9780262033848", .ean_13) == BarcodeValue(kind: .isbn, fields: [
        "isbn13": .string("9780262033848"), "isbn10": .string("0262033844"),
    ]))
    #expect(parse("978039305867352595", .ean_13).fields["add_on"] == .string("52595"))
    #expect(parse("9791032300824", .ean_13).fields["isbn10"] == nil, "979 has no ISBN-10")
    #expect(isbn10Field("9780306406157") == "0306406152")
    #expect(isbn10Field("9780080442907") == "0080442900")
    #expect(isbn10Field("9781861972712") == "1861972717")
    #expect(isbn10Field("9780975229804") == "097522980X")
    #expect(parse("4006381333931", .ean_13).kind == .text)
}

/// Code 32: six base-32 characters whose value's nine digits end in their check digit.
@Test func italianPharmacode() {
    #expect(parse("3PRM8N", .code_39) == BarcodeValue(kind: .pharmacode, fields: ["code_32": .string("A123456788")]))
    // The smallest value keeps its leading zeros: "000000" is 000000000, check digit 0.
    #expect(parse("000000", .code_39).fields["code_32"] == .string("A000000000"))
    #expect(parse("3PRM8P", .code_39).kind == .text, "check digit off by one")
    #expect(parse("3PRM8", .code_39).kind == .text, "five characters")
    #expect(parse("3PRM8NN", .code_39).kind == .text, "seven characters")
    #expect(parse("3PAM8N", .code_39).kind == .text, "vowels are not in the alphabet")
    #expect(parse("ZZZZZZ", .code_39).kind == .text, "a value of ten digits")
    #expect(parse("3PRM8N", .code_128).kind == .text, "only Code 39 carries Code 32")
}

private func isbn10Field(_ isbn13: String) -> String? {
    parse(isbn13, .ean_13).fields["isbn10"].flatMap { if case .string(let s) = $0 { s } else { nil } }
}

@Test func gs1ElementStrings() {
    let value = parse("0109504000059101\u{1D}2112345678p901\u{1D}1012\u{1D}3103000123", .data_matrix, gs1: true)
    #expect(value.kind == .gs1)
    #expect(value.fields["elements"] == .array([
        .object(["ai": .string("01"), "data": .string("09504000059101"), "title": .string("GTIN")]),
        .object(["ai": .string("21"), "data": .string("12345678p901"), "title": .string("SERIAL")]),
        .object(["ai": .string("10"), "data": .string("12"), "title": .string("BATCH/LOT")]),
        .object(["ai": .string("3103"), "data": .string("000123"), "title": .string("NET WEIGHT (kg)"), "number": .double(0.123)]),
    ]))
    // DataBar always holds an element string.
    #expect(parse("0112345678901231", .databar).kind == .gs1)
    // Truncated fixed-length data, or an unassigned AI prefix: not GS1 after all.
    #expect(parse("01123456", .databar).kind == .text)
    #expect(parse("5512345", .code_128, gs1: true).kind == .text)
}

@Test func hostilePayloadsGiveText() {
    #expect(BarcodeValue.parse(payload: [0xFF, 0xFE, 0x00], symbology: .qr_code).kind == .text)
    let huge = "WIFI:S:" + String(repeating: "A", count: 100_000) + ";;"
    #expect(parse(huge).kind == .text)
    for truncated in ["WIFI:", "MECARD:", "BEGIN:VCARD", "BEGIN:VEVENT", "mailto:", "geo:", "SMSTO:", "tel:", "MEBKM:", "@\n\u{1E}\rANSI "] {
        #expect(parse(truncated, .pdf417).kind == .text, "\(truncated)")
    }
    let controls = "WIFI:S:\u{07}\u{1B}[2J;P:\u{00};;"
    #expect(parse(controls).kind == .wifi, "control characters are data, kept and escaped on output")
    #expect(parse("geo:1e308,1e308").kind == .text)
    #expect(parse(String(repeating: "\\", count: 5000) + "MECARD:").kind == .text)
}
