import ScryBarcode
import Testing

@Test func base64MatchesRFC4648() {
    let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
    for (plain, encoded) in vectors { #expect(Base64.encode(Array(plain.utf8)) == encoded) }
    #expect(Base64.encode([0xff, 0xfe, 0x00]) == "//4A")
}
