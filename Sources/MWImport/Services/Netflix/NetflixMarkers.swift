import Foundation

/// The words Netflix writes around a number in a title's season, part, chapter or episode
/// component, in the languages it offers, and how such a component is read: the number (with
/// a thousands separator or not, `1,124`), written after the word (`Season 2`, `시즌1`,
/// `シーズン2`), before it (`3. évad`, `6. Sezon`, `2ª temporada`, `1re partie`, `2기`), or
/// inside `第…` (`第2季`, `第1話`, `제1회`); an ordinal mark, a split-season letter (`Saison 3B`)
/// and a trailing parenthesis (`Temporada 2 (2017)`, `Season 3 (Part 2)`) do not change it
/// (docs/IMPORT.md "Netflix").
enum NetflixMarkers {
    /// Words that name a numbered season, lower case.
    static let seasonWords: Set<String> = Set([
        "season", "series", "kausi", "seizoen", "serie", "temporada", "staffel", "saison", "stagione", "sezon", "säsong",
        "sæson", "sesong", "sezóna", "séria", "série", "řada", "évad", "sezonul", "sezonas", "hooaeg", "сезон",
        "сезона", "sezona", "seri", "musim", "mùa", "phần", "σεζόν", "κύκλος", "עונה", "الموسم", "موسم", "ซีซั่น",
        "시즌", "기", "シーズン", "期", "季", "第季",
    ]).union(bookWords)
    /// Words of a numbered book (`Book 2`, `2. Kitap`, `Księga 1`, `Libro 3`, `Bind 1`): Netflix
    /// writes them for shows that call their seasons books (Avatar, Korra, DOTA), and book N is
    /// the show's season N, so they are season words.
    static let bookWords: Set<String> = ["book", "kitap", "libro", "livro", "livre", "księga", "buch", "bog", "bok", "bind", "boek", "kirja"]
    /// Markers of a one-season series (season 1 on TMDb), lower case, blanks made one space.
    static let limitedSeries: Set<String> = [
        "limited series", "miniseries", "mini-series", "mini series", "minisarja", "miniserie", "minissérie", "minisérie",
        "mini-série", "minisserie", "minisería", "miniserien", "miniserial", "mini dizi", "miniszéria", "minisorozat",
        "begrænset serie", "begränsad serie", "begrenset serie", "serie limitada", "série limitée", "série limitada",
        "serie limitata", "limitierte serie", "limitovaná série", "limitowany serial", "мини-сериал", "мінісеріал",
        "リミテッドシリーズ", "ミニシリーズ", "리미티드 시리즈", "미니시리즈", "限定剧集", "限定影集", "迷你剧", "迷你劇",
    ]
    /// Words of a numbered part of a show that is not a season (`Part 2`, `Volume 1`, `1. Kısım`).
    static let partWords: Set<String> = [
        "part", "parte", "teil", "partie", "osa", "deel", "del", "część", "część", "volume", "vol.", "vol", "volumen",
        "collection", "colección", "coleção", "collezione", "koleksiyon", "kolekcja", "sammlung", "samling", "kısım", "rész",
        "část", "díl", "часть", "том", "부", "파트", "パート", "部", "篇",
    ]
    /// Words of a numbered chapter, used only when no season or part marker is found.
    static let chapterWords: Set<String> = [
        "chapter", "luku", "capítulo", "kapitel", "chapitre", "hoofdstuk", "capitolo", "rozdział", "kapittel", "kap.",
        "fejezet", "kapitola", "глава", "розділ", "章", "장",
    ]
    /// Words of an episode's number (`(Episode 9)`, `Show: Episode 6`, `1화`, `第1話`), lower case.
    static let episodeWords: Set<String> = [
        "episode", "ep.", "episódio", "episodio", "épisode", "folge", "aflevering", "afl.", "jakso", "odcinek", "epizod",
        "epizód", "epizoda", "epizóda", "avsnitt", "afsnit", "episodi", "bölüm", "capítulo", "серия", "серія", "эпизод",
        "επεισόδιο", "פרק", "الحلقة", "ตอนที่", "tập", "화", "회", "話", "集",
    ]
    /// Number words and Roman numerals after a part or chapter word (`Part Two`, `Chapter One`,
    /// `Part I`): such parts carry no season, so only the split matters.
    static let numberWords: Set<String> = Set(spelledNumbers.keys).union([
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
    ])
    /// English number words, for a book spelled out (`Book One: Air` is season 1).
    static let spelledNumbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    ]

    /// A component with one number in it: the words around the number (ordinal marks and a
    /// split-season letter removed, blanks made one space) and the number.
    struct Numbered: Equatable {
        var word: String
        var number: Int
    }

    /// `raw` lower-cased with blanks made one space and a trailing parenthesis dropped.
    static func normalized(_ raw: String, dropParenthesis: Bool) -> String {
        var s = raw.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\u{202F}" })
            .joined(separator: " ")
        if dropParenthesis, s.hasSuffix(")"), let open = s.lastIndex(of: "("), open > s.startIndex {
            s = String(s[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return s
    }

    /// The one number in `s` and the words around it; nil when `s` holds no number or more
    /// than one. A run of digits may hold thousands separators (`1,124`, `1.124`, `1 124`).
    static func numbered(_ s: String) -> Numbered? {
        let chars = Array(s)
        guard let start = chars.firstIndex(where: isDigit) else { return nil }
        var end = start, digits = "", grouped = false
        while end < chars.count {
            if isDigit(chars[end]) { digits.append(chars[end]); end += 1; continue }
            // A separator followed by exactly three digits continues the number (`1,124`).
            let group = end + 1..<end + 4
            if [",", ".", " ", "\u{202F}"].contains(chars[end]), digits.count <= 3 || grouped, group.upperBound <= chars.count,
               chars[group].allSatisfy(isDigit), group.upperBound == chars.count || !isDigit(chars[group.upperBound]) {
                digits += String(chars[group])
                end = group.upperBound
                grouped = true
                continue
            }
            break
        }
        guard let n = Int(digits), n >= 0 else { return nil }
        var before = String(chars[..<start]), after = String(chars[end...])
        guard !after.contains(where: isDigit), !before.contains(where: isDigit) else { return nil }
        // Ordinal marks and a split-season letter right after the number; `第`/`제` before it.
        for mark in ["ème", "eme", "re", "er", "nd", "rd", "th", "st", "ª", "º", "°", ".", "e", "a", "b", "c"]
        where after.hasPrefix(mark) && (after.count == mark.count || after.dropFirst(mark.count).first == " " || mark == ".") {
            after.removeFirst(mark.count)
            break
        }
        for mark in ["第", "제"] where before.hasSuffix(mark) { before.removeLast(mark.count) }
        let word = (before + " " + after).split(separator: " ").joined(separator: " ")
        return Numbered(word: word, number: n)
    }

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    /// What a title component (between two `": "`) marks.
    enum Rank: Int { case season = 0, part = 1, chapter = 2 }

    /// The marker `component` is, with its rank and season; nil when it is none.
    static func marker(_ component: String) -> (rank: Rank, season: Int?)? {
        let s = normalized(component, dropParenthesis: true)
        if limitedSeries.contains(s) { return (.season, 1) }
        if let n = numbered(s), n.number < 1000 {
            if seasonWords.contains(n.word) { return (.season, n.number) }
            if partWords.contains(n.word) { return (.part, nil) }
            if chapterWords.contains(n.word) { return (.chapter, nil) }
            return nil
        }
        // `Part Two`, `Chapter One`, `Part I`: a part or chapter without a digit.
        let words = s.split(separator: " ").map(String.init)
        guard words.count == 2 else { return nil }
        for (w, n) in [(words[0], words[1]), (words[1], words[0])] where numberWords.contains(n) {
            if bookWords.contains(w), let k = spelledNumbers[n] { return (.season, k) }
            if partWords.contains(w) { return (.part, nil) }
            if chapterWords.contains(w) { return (.chapter, nil) }
        }
        return nil
    }

    /// The episode number `component` is when it is nothing but an episode word and a number
    /// (`Episode 6`, `Odcinek 3`, `1. Bölüm`, `1화`, `第1話`, `Episode 1,124`); nil otherwise.
    static func episodeNumber(_ component: String) -> Int? {
        guard let n = numbered(normalized(component, dropParenthesis: false)), episodeWords.contains(n.word) else { return nil }
        return n.number
    }
}
