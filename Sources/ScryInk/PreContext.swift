/// ML Kit's pre-context for a Latin-script word model: the text written just before the ink,
/// of which the last 20 characters count. It tells a word's continuation from a new word:
/// after "arg", ink reading "ument" or "nment" is the rest of "argument"; after "hello", ink
/// reading "world" is a new word, and comes back as " world", with the space that separates
/// it.
struct PreContext {
    /// The characters that count: at most the last 20.
    static let length = 20

    /// The word the pre-context ends in (its trailing letters), "" when it ends in a space,
    /// punctuation or nothing.
    let lastWord: String
    /// Whether a new word after it takes a leading space: the pre-context ends in something
    /// other than a space or an opening bracket or quote (nothing, the start, needs none).
    let newWordTakesSpace: Bool

    init(_ text: String?) {
        let kept = String((text ?? "").suffix(Self.length))
        lastWord = String(kept.reversed().prefix { $0.isLetter }.reversed())
        if let last = kept.last {
            newWordTakesSpace = !last.isWhitespace && !"([{\"'“‘«¿¡".contains(last)
        } else {
            newWordTakesSpace = false
        }
    }
}
