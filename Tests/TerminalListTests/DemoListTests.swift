import Testing
import ListKernel
import TerminalList

struct DemoListTests {
    @Test func theBuiltInListHoldsTheFiveSeedsInOrderWithPrefixedTitles() {
        let list = DemoList.builtIn
        let titles = (0..<list.sectionCount).map { list.title(ofSection: $0) }
        #expect(titles == [
            "000 Apple Products › iPhone", "000 Apple Products › iPad", "000 Apple Products › Mac", "000 Apple Products › Watch",
            "001 ExpandSection › 简书", "001 ExpandSection › 编程语言", "001 ExpandSection › 地区",
            "002 ExpandableCell › ヘッダー 1: 果物", "002 ExpandableCell › ヘッダー 2: 野菜", "002 ExpandableCell › ヘッダー 3: 飲み物",
            "003 三国 › 魏", "003 三国 › 蜀", "003 三国 › 吴", "003 三国 › 越",
            "004 headerList.plist › 品牌", "004 headerList.plist › 价格区间", "004 headerList.plist › 屏幕尺寸",
        ])
    }

    @Test func seed001KeepsTheArticlesItemsUnfolded() throws {
        let seed = try #require(DemoSeed.all.first { $0.number == "001" })
        #expect(seed.sections == [
            DemoSection(title: "简书", items: [DemoItem(title: "FlyElephant"), DemoItem(title: "keso")]),
            DemoSection(title: "编程语言", items: ["Swift", "Objective-C", "JavaScript", "Python"].map { DemoItem(title: $0) }),
            DemoSection(title: "地区", items: ["北京", "河南", "江西"].map { DemoItem(title: $0) }),
        ])
    }

    @Test func seed003HasTheThreeKingdomsFoldedAndAnEmptyYue() throws {
        let seed = try #require(DemoSeed.all.first { $0.number == "003" })
        #expect(seed.sections.map(\.title) == ["魏", "蜀", "吴", "越"])
        #expect(seed.sections[0].items.map(\.title) == ["张辽", "李典", "曹洪"])
        #expect(seed.sections[1].items.map(\.title) == ["关羽", "张飞", "赵云"])
        #expect(seed.sections[2].items.map(\.title) == ["周瑜", "鲁肃", "黄盖"])
        #expect(seed.sections[3].items.isEmpty)
        #expect(seed.sections.allSatisfy { $0.collapsed })
    }

    @Test func everyItemOfTheExpandableCellSeedHasADetailAndAppleProductsToo() throws {
        for number in ["000", "002"] {
            let seed = try #require(DemoSeed.all.first { $0.number == number })
            #expect(seed.sections.allSatisfy { $0.items.allSatisfy { $0.detail != nil } }, "seed \(number)")
        }
    }

    @Test func aGeneratedListMakesTitlesOnDemand() {
        let list = DemoList.generated(sections: 10_000, itemsPerSection: 100)
        #expect(list.isGenerated && list.storedSections == nil)
        #expect(list.sectionCount == 10_000)
        #expect(list.totalItemCount == 1_000_000)
        #expect(list.title(ofSection: 9_999) == "Section 9999")
        #expect(list.itemCount(inSection: 42) == 100)
        #expect(list.item(at: ItemPath(section: 12, item: 34)) == DemoItem(title: "Row 12.34"))
        #expect(list.item(at: ItemPath(section: 12, item: 30)) == DemoItem(title: "Row 12.30", detail: "Detail of row 12.30"))
        #expect(!list.isInitiallyCollapsed(section: 5))
    }

    @Test func aHundredMillionRowListAnswersForItsLastRowWithoutStoringRows() {
        let list = DemoList.generated(sections: 1_000_000, itemsPerSection: 100)
        #expect(list.storedSections == nil)
        #expect(list.totalItemCount == 100_000_000)
        #expect(list.item(at: ItemPath(section: 999_999, item: 99)) == DemoItem(title: "Row 999999.99"))
    }

    @Test func aStoredListCountsItemsOfFoldedAndEmptySections() {
        let list = DemoList(sections: [
            DemoSection(title: "a", items: [DemoItem(title: "1"), DemoItem(title: "2")], collapsed: true),
            DemoSection(title: "b", items: []),
        ])
        #expect(list.totalItemCount == 2)
        #expect(list.itemCount(inSection: 1) == 0)
        #expect(list.isInitiallyCollapsed(section: 0))
    }
}
