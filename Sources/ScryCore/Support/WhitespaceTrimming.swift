extension String {
    /// This text without leading and trailing spaces, tabs and line breaks.
    public var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
