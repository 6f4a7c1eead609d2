import ScryText
import Testing

@Test func languageNamesAreCheckedBeforeTesseractSeesThem() {
    for good in ["eng", "eng+deu", "chi_sim", "script/Latin", "eng+script/Latin", "osd"] {
        #expect(TesseractEngine.languageProblem(good) == nil, "\(good)")
    }
    for bad in ["", "+", "eng+", "+eng", "eng++deu", "../eng", "/eng", "a/b/c", "eng deu", "é", "script/"] {
        #expect(TesseractEngine.languageProblem(bad) != nil, "\(bad.debugDescription)")
    }
    // libtesseract 5.3 crashes on an empty name: the engine refuses it first.
    #expect(throws: TextEngineError.self) { try TesseractEngine(language: "") }
    #expect(throws: TextEngineError.self) { try TesseractEngine(language: "eng+") }
}
