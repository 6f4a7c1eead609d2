import Foundation
@testable import ScryNotebook
import Testing

@Test func ankiNotesHaveTheirHeadersAndOneEscapedNoteAnEntry() {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let entry = NotebookEntry(
        id: 7, notebookId: 2, word: "lantern", context: "Two <lanterns>\tand a lantern.", source: "p", createdAt: date,
        updatedAt: date, forms: ["lanterns", "lantern"], partOfSpeech: "noun", definition: "light in a case",
        translation: "farol", translationLanguage: "es")
    let text = AnkiNotes.render([(entry, "Great Expectations")])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(7) == ["#separator:tab", "#html:true", "#notetype:Basic", "#guid column:1", "#deck column:2", "#tags column:5", "#columns:GUID\tDeck\tFront\tBack\tTags"])
    #expect(lines[7] == "scry-2-7\tScry::Great Expectations\tlantern\t<i>noun</i><br>light in a case<br><b>es</b>: farol<br>“Two &lt;<b>lanterns</b>&gt; and a <b>lantern</b>.”\tscry noun")
    #expect(lines.count == 9 && lines[8].isEmpty)
}
