/// One of the five articles ListKernel grew from, as demo data: its number, a short name,
/// and its sections.
///
/// - Complexity: every member is O(1).
public struct DemoSeed: Hashable, Sendable {
    /// The seed's number, e.g. `"003"`, as `Docs/Scenarios.md` numbers the five posts.
    public var number: String
    /// A short name for what the article builds, e.g. `"三国"`.
    public var name: String
    /// The sections, with the fold state each article starts in.
    public var sections: [DemoSection]

    /// Creates a seed.
    ///
    /// - Complexity: O(1).
    public init(number: String, name: String, sections: [DemoSection]) {
        self.number = number
        self.name = name
        self.sections = sections
    }
}

extension DemoSeed {
    /// The five seeds, in order.
    ///
    /// - 000 "Apple Products": iPhone / iPad / Mac / Watch, each product with a detail
    ///   (the article's own data is not in its text, so these are made up in its shape).
    /// - 001 "ExpandSection": 简书, 编程语言, 地区, as in the article, unfolded.
    /// - 002 "ExpandableCell": three sections of cells whose detail shows when the cell is
    ///   expanded (the article shows no data; Japanese titles in its spirit).
    /// - 003 "三国": 魏, 蜀, 吴 and the empty 越 the author asks about; folded at the start,
    ///   as the article's `FOLD_STATE` is `YES`.
    /// - 004 "headerList.plist": a plist-like dictionary of titles to strings; folded at
    ///   the start, as the article's `isExpanded` is `NO`.
    ///
    /// - Complexity: O(1) (a constant).
    public static let all: [DemoSeed] = [
        DemoSeed(number: "000", name: "Apple Products", sections: [
            DemoSection(title: "iPhone", items: [
                DemoItem(title: "iPhone 15 Pro", detail: "A17 Pro, titanium"),
                DemoItem(title: "iPhone 15", detail: "A16 Bionic, Dynamic Island"),
                DemoItem(title: "iPhone SE", detail: "A15 Bionic, Touch ID"),
            ]),
            DemoSection(title: "iPad", items: [
                DemoItem(title: "iPad Pro", detail: "M2, ProMotion"),
                DemoItem(title: "iPad Air", detail: "M1, 10.9-inch"),
                DemoItem(title: "iPad mini", detail: "A15 Bionic, 8.3-inch"),
            ]),
            DemoSection(title: "Mac", items: [
                DemoItem(title: "MacBook Air", detail: "M2, fanless"),
                DemoItem(title: "MacBook Pro", detail: "M3 Pro, Liquid Retina XDR"),
                DemoItem(title: "Mac mini", detail: "M2, small desktop"),
                DemoItem(title: "Mac Studio", detail: "M2 Max, pro desktop"),
            ]),
            DemoSection(title: "Watch", items: [
                DemoItem(title: "Apple Watch Series 9", detail: "S9 SiP, double tap"),
                DemoItem(title: "Apple Watch Ultra 2", detail: "49 mm titanium case"),
            ]),
        ]),
        DemoSeed(number: "001", name: "ExpandSection", sections: [
            DemoSection(title: "简书", items: ["FlyElephant", "keso"].map { DemoItem(title: $0) }),
            DemoSection(title: "编程语言", items: ["Swift", "Objective-C", "JavaScript", "Python"].map { DemoItem(title: $0) }),
            DemoSection(title: "地区", items: ["北京", "河南", "江西"].map { DemoItem(title: $0) }),
        ]),
        DemoSeed(number: "002", name: "ExpandableCell", sections: [
            DemoSection(title: "ヘッダー 1: 果物", items: [
                DemoItem(title: "りんご", detail: "サブビュー: 青森県産、秋が旬"),
                DemoItem(title: "みかん", detail: "サブビュー: 冬の定番"),
                DemoItem(title: "ぶどう", detail: "サブビュー: 57pt → 114pt に伸びるセル"),
            ]),
            DemoSection(title: "ヘッダー 2: 野菜", items: [
                DemoItem(title: "にんじん", detail: "サブビュー: βカロテンが多い"),
                DemoItem(title: "たまねぎ", detail: "サブビュー: 加熱すると甘くなる"),
            ]),
            DemoSection(title: "ヘッダー 3: 飲み物", items: [
                DemoItem(title: "緑茶", detail: "サブビュー: 静岡、宇治"),
                DemoItem(title: "コーヒー", detail: "サブビュー: 浅煎りと深煎り"),
            ]),
        ]),
        DemoSeed(number: "003", name: "三国", sections: [
            DemoSection(title: "魏", items: ["张辽", "李典", "曹洪"].map { DemoItem(title: $0) }, collapsed: true),
            DemoSection(title: "蜀", items: ["关羽", "张飞", "赵云"].map { DemoItem(title: $0) }, collapsed: true),
            DemoSection(title: "吴", items: ["周瑜", "鲁肃", "黄盖"].map { DemoItem(title: $0) }, collapsed: true),
            DemoSection(title: "越", items: [], collapsed: true),
        ]),
        DemoSeed(number: "004", name: "headerList.plist", sections: [
            DemoSection(title: "品牌", items: ["Apple", "华为", "小米", "OPPO"].map { DemoItem(title: $0) }, collapsed: true),
            DemoSection(title: "价格区间", items: ["0–999", "1000–2999", "3000 以上"].map { DemoItem(title: $0) }, collapsed: true),
            DemoSection(title: "屏幕尺寸", items: ["6.1 英寸", "6.7 英寸"].map { DemoItem(title: $0) }, collapsed: true),
        ]),
    ]
}

extension DemoList {
    /// The built-in list: the sections of the five seeds one after another, each header
    /// titled "NNN Seed › Section" (e.g. "003 三国 › 越") so that the seed stays visible in
    /// a flat list of sections, which is what a list view shows (there is no level above
    /// sections).
    ///
    /// - Complexity: O(1) after the first use (built once).
    public static let builtIn = DemoList(sections: DemoSeed.all.flatMap { seed in
        seed.sections.map { section in
            var titled = section
            titled.title = "\(seed.number) \(seed.name) › \(section.title)"
            return titled
        }
    })
}
