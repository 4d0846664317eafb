/// ISBN check digits, for validation only (normalising and converting ISBNs belongs to the
/// import's `ISBNNormalizer`). Both functions take the bare characters: no hyphens or spaces.
public enum ISBN {
    /// Whether `s` is an ISBN-10: nine digits and a check character (digit or `X`/`x`) whose
    /// weighted sum 10·d₁ + 9·d₂ + … + 1·d₁₀ is a multiple of 11.
    public static func isValid10(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 10 else { return false }
        var sum = 0
        for (i, c) in u.enumerated() {
            let v: Int
            if c >= 48 && c <= 57 { v = Int(c - 48) } else if i == 9 && (c == UInt8(ascii: "X") || c == UInt8(ascii: "x")) { v = 10 } else { return false }
            sum += (10 - i) * v
        }
        return sum % 11 == 0
    }

    /// Whether `s` is an ISBN-13: thirteen digits whose sum with weights 1, 3, 1, 3, … is a
    /// multiple of 10.
    public static func isValid13(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 13 else { return false }
        var sum = 0
        for (i, c) in u.enumerated() {
            guard c >= 48 && c <= 57 else { return false }
            sum += Int(c - 48) * (i % 2 == 0 ? 1 : 3)
        }
        return sum % 10 == 0
    }
}
