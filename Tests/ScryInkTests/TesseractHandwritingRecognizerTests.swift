import Foundation
import ScryLexicon
import Testing

@testable import ScryInk

/// Arabic words read by tesseract's Arabic model (Debian's tesseract-ocr-ara) and corrected
/// with wordfreq's Arabic list. The inks in Fixtures/arabic-words.jsonl were written by
/// `python3 scripts/lib/arabic_ink.py --seed 7 --font 0` (KACST's pen font thinned to strokes
/// and wobbled) from "مدرسة", "السلام", "كتاب", "الحديقة", then "في البيت" and "مدينة جميلة".
struct TesseractHandwritingRecognizerTests {
    static let words = ["مدرسة", "السلام", "كتاب", "الحديقة", "في البيت", "مدينة جميلة"]

    static func inks() throws -> [Ink] {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/arabic-words.jsonl")
        let lines = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n")
        return try lines.map { try Ink(json: Array($0.utf8)) }
    }

    static func arabic() throws -> InkModel {
        let model = try #require(InkModel.named("ar-EG"))
        #expect(model.identifier == "ar")
        #expect(InkModel.installed.contains(model), "tesseract-ocr-ara or wordfreq's Arabic list is missing (scripts/install-deps)")
        return model
    }

    @Test func arabicWordsAreRead() throws {
        let read = try Self.arabic().makeRecognizer(count: 5)
        for (ink, word) in zip(try Self.inks(), Self.words) {
            let candidates = try read(ink)
            #expect(candidates.first?.text == word, "\(word): \(candidates.map(\.text))")
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score <= $1.score })
            #expect(Set(candidates.map(\.text)).count == candidates.count)
        }
    }

    /// After a word, the ink of a new word comes back with its leading space; after a space,
    /// without one; after the article "ال", "كتاب" goes on with it ("الكتاب"), no space.
    @Test func thePreContextGivesTheLeadingSpaceAndTheWordsRest() throws {
        let book = try Self.inks()[2]
        let model = try Self.arabic()
        #expect(try model.makeRecognizer(count: 3, preContext: "مرحبا")(book).first?.text == " كتاب")
        #expect(try model.makeRecognizer(count: 3, preContext: "مرحبا ")(book).first?.text == "كتاب")
        #expect(try model.makeRecognizer(count: 3, preContext: "قرأت ال")(book).first?.text == "كتاب")
    }

    @Test func aReadingIsItsLettersFirstLetterFirst() {
        let plain = { (text: String) in String(String.UnicodeScalarView(TesseractHandwritingRecognizer.plain(text))) }
        // Harakat, tatweel and punctuation dropped.
        #expect(plain("كِتَـابٌ.") == "كتاب")
        // A word tesseract took for left to right comes as it is seen: turned round.
        #expect(plain("باتك\u{200E}") == "كتاب")
        #expect(plain("-") == "")
    }

    @Test func editDistanceWeighsDotsAndAlefsAndStopsPastItsLimit() {
        let letters = { (text: String) in Array(text.unicodeScalars) }
        #expect(TesseractHandwritingRecognizer.distance(letters("كتاب"), letters("كاب"), limit: 2) == 1)
        #expect(TesseractHandwritingRecognizer.distance(letters("كتاب"), letters("قلم"), limit: 1) == 2)
        #expect(TesseractHandwritingRecognizer.distance(letters("كتاب"), letters("كتاب"), limit: 0) == 0)
        // A letter changed for one of the same shape (صغير read as صعير: غ as ع) is half an
        // edit; for another shape (غ as ح, ر as د) a whole one.
        #expect(TesseractHandwritingRecognizer.distance(letters("صغير"), letters("صعير"), limit: 1) == 0.5)
        #expect(TesseractHandwritingRecognizer.distance(letters("صغير"), letters("صحير"), limit: 1) == 1)
        #expect(TesseractHandwritingRecognizer.distance(letters("كتاب"), letters("كثاب"), limit: 1) == 0.5)
        #expect(TesseractHandwritingRecognizer.distance(letters("صغير"), letters("صعيد"), limit: 2) == 1.5)
        // An alef added or dropped is 0.7 of an edit; another letter a whole one.
        #expect(TesseractHandwritingRecognizer.distance(letters("احكم"), letters("حكم"), limit: 1) == 0.7)
        #expect(TesseractHandwritingRecognizer.distance(letters("بدون"), letters("دون"), limit: 1) == 1)
        #expect(TesseractHandwritingRecognizer.distance(letters(""), letters("اب"), limit: 2) == 1.7)
        #expect(TesseractHandwritingRecognizer.reach(letters("الحديقة")) == 2)
        #expect(TesseractHandwritingRecognizer.reach(letters("في")) == 1)
    }
}
