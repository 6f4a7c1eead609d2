import Foundation
import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// A payload zint encodes, read back through both engines, and the value type it must parse to.
struct ValueSample: CustomTestStringConvertible, Sendable {
    var zintType: Int
    var data: String
    var kind: BarcodeValue.Kind
    var extraArguments: [String] = []
    var testDescription: String { "\(kind.rawValue) in zint type \(zintType)" }
}

let valueSamples: [ValueSample] = [
    ValueSample(zintType: 58, data: "https://example.org/scry", kind: .url),
    ValueSample(zintType: 58, data: "WIFI:T:WPA;S:ScryNet;P:correct horse;;", kind: .wifi),
    ValueSample(zintType: 58, data: "mailto:scry@example.org?subject=Hello", kind: .email),
    ValueSample(zintType: 58, data: "tel:+15550100", kind: .phone),
    ValueSample(zintType: 58, data: "SMSTO:+15550100:Scry says hi", kind: .sms),
    ValueSample(zintType: 58, data: "geo:51.5007,-0.1246", kind: .geo),
    ValueSample(zintType: 58, data: "BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane\nTEL:+15550100\nEND:VCARD", kind: .contact),
    ValueSample(zintType: 58, data: "BEGIN:VEVENT\nSUMMARY:Scry demo\nDTSTART:20261122T100000Z\nEND:VEVENT", kind: .calendarEvent),
    ValueSample(zintType: 55, data: aamvaSampleForZint, kind: .driverLicense, extraArguments: ["--esc"]),
    ValueSample(zintType: 13, data: "978026203384", kind: .isbn),
    ValueSample(zintType: 16, data: "[01]09504000059101[21]12345678p901[10]1234567p[17]141120", kind: .gs1),
    ValueSample(zintType: 71, data: "[01]09504000059101[10]ABC", kind: .gs1, extraArguments: ["--gs1"]),
    ValueSample(zintType: 58, data: "[01]09504000059101[10]ABC", kind: .gs1, extraArguments: ["--gs1"]),
    ValueSample(zintType: 31, data: "[01]98898765432106[3202]012345", kind: .gs1),
    // zint's Code 32 takes eight digits and adds the check digit.
    ValueSample(zintType: 129, data: "12345678", kind: .pharmacode),
]

/// The AAMVA sample with zint's escapes for LF, RS and CR.
let aamvaSampleForZint = "@\\n\\x1E\\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\\nDCSSAMPLE\\nDACMICHAEL\\nDBB06061986\\nDBA12102024\\nDCGUSA\\r"

@Test(arguments: valueSamples)
func generatedPayloadsParse(_ sample: ValueSample) throws {
    let path = try makeTemporaryDirectory().appendingPathComponent("value.png").path
    try runTool("zint", ["--barcode=\(sample.zintType)", "--scale=2", "--quietzones", "--data=\(sample.data)",
                         "--output=\(path)"] + sample.extraArguments)
    let found = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    try #require(found.count == 1)
    #expect(found[0].value.kind == sample.kind, "\(found[0].payloadText ?? "?") -> \(found[0].value)")
}

/// Real photos from ../shared/eval/barcodes whose payloads are structured.
@Test(arguments: [
    ("qrcode-2/11.png", BarcodeValue.Kind.contact), ("qrcode-3/14.webp", .contact), ("aztec-2/09.webp", .email),
    ("qrcode-1/1.webp", .url), ("datamatrix-1/gs1-figure-4.15.1-2-32x32.png", .gs1), ("rssexpanded-1/1.webp", .gs1),
    ("ean13-extension-1/32.webp", .isbn), ("code39-1/code32-1.png", .pharmacode),
])
func photographedPayloadsParse(_ file: String, _ kind: BarcodeValue.Kind) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let found = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(found.map(\.value.kind) == [kind], "\(found.map { $0.payloadText ?? "?" })")
}
