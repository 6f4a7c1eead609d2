import ScryBarcode
import Testing

@Test func upcEExpandsByItsLastDigitRule() {
    #expect(UPCE.expandedToEAN13("01234565") == "0012345000065")
    #expect(UPCE.expandedToEAN13("04252614") == "0042100005264")
    #expect(UPCE.expandedToEAN13("01234133") == "0012300000413")
    #expect(UPCE.expandedToEAN13("01234148") == "0012340000018")
    #expect(UPCE.expandedToEAN13("0123456") == nil)
    #expect(UPCE.expandedToEAN13("2123456x") == nil)
}
