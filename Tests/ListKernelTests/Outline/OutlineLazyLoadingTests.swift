import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// R11: lazy children, with answers that arrive late, out of order, twice, or for nodes
/// that no longer exist.
@Suite struct OutlineLazyLoadingTests {
    /// Folders(Photos(lazy), Music(lazy)), Readme; Folders expanded.
    static func world() -> Outline<String> {
        var outline = try! Outline<String>(estimatedExtent: 30, placeholderExtent: 20)
        _ = outline.insert([
            OutlineItem("Folders", children: .container, isExpanded: true),
            OutlineItem("Photos", depth: 1, children: .lazy),
            OutlineItem("Music", depth: 1, children: .lazy),
            OutlineItem("Readme"),
        ], under: nil, at: 0)
        return outline
    }

    static func kinds(_ outline: Outline<String>) -> [String] {
        (0..<outline.rowCount(inSection: 0)).map { row in
            switch outline.configuration(ofRow: ItemPath(section: 0, item: row))!.kind {
            case .item(let id): id
            case .placeholder(let owner): "…" + owner
            }
        }
    }

    @Test func expandingAnUnloadedNodeAsksOnceAndShowsAPlaceholderOfItsOwnKind() throws {
        var outline = Self.world()
        let update = outline.expand("Photos")
        #expect(update.status == .expanded)
        let request = try #require(update.loadRequests.first)
        #expect(update.loadRequests.count == 1 && request.id == "Photos")
        #expect(Self.kinds(outline) == ["Folders", "Photos", "…Photos", "Music", "Readme"])
        #expect(update.insertedRows == [OutlineRows(section: 0, rows: 2..<3)])
        let placeholder = try #require(outline.configuration(ofRow: ItemPath(section: 0, item: 2)))
        #expect(placeholder == OutlineRowConfiguration(kind: .placeholder(owner: "Photos"), depth: 2, isExpandable: false, isExpanded: false, loadState: .none))
        #expect(outline.configuration(ofRow: ItemPath(section: 0, item: 1))?.loadState == .loading)
        #expect(outline.top(ofRow: ItemPath(section: 0, item: 3)) == 80, "the placeholder has its own extent, 20")
        #expect(outline.descendantCount(of: "Photos") == 0 && outline.visibleDescendantCount(of: "Photos") == 1)
        // Collapsing and expanding again does not ask again: the request is still out.
        _ = outline.collapse("Photos")
        #expect(outline.expand("Photos").loadRequests.isEmpty)
        #expect(Self.kinds(outline) == ["Folders", "Photos", "…Photos", "Music", "Readme"])
    }

    @Test func anAnswerReplacesThePlaceholderWithTheChildren_collapsed() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        let update = outline.answer(token, with: [OutlineItem("IMG1"), OutlineItem("Trip", children: .container), OutlineItem("IMG2", depth: 1)])
        #expect(update.status == .applied)
        #expect(update.deletedRows == [OutlineRows(section: 0, rows: 2..<3)])
        #expect(update.insertedRows == [OutlineRows(section: 0, rows: 2..<4)])
        #expect(update.reconfiguredRows == [ItemPath(section: 0, item: 1)])
        #expect(Self.kinds(outline) == ["Folders", "Photos", "IMG1", "Trip", "Music", "Readme"])
        #expect(outline.loadState(of: "Photos") == .loaded && !outline.isExpanded("Trip"))
    }

    @Test func anAnswerForANodeCollapsedMeanwhileIsKept_andReexpandingShowsItWithoutAsking() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        _ = outline.collapse("Folders")
        let update = outline.answer(token, with: [OutlineItem("IMG1")])
        #expect(update.status == .applied && update.hasNoRowEvents, "Photos is hidden: nothing to show")
        let reexpand = outline.expand("Folders")
        #expect(reexpand.loadRequests.isEmpty)
        #expect(Self.kinds(outline) == ["Folders", "Photos", "IMG1", "Music", "Readme"])
    }

    @Test func answersOutOfOrderEachLandUnderTheirOwnNode() throws {
        var outline = Self.world()
        let photos = try #require(outline.expand("Photos").loadRequests.first?.token)
        let music = try #require(outline.expand("Music").loadRequests.first?.token)
        #expect(outline.answer(music, with: [OutlineItem("Song")]).status == .applied)
        #expect(outline.answer(photos, with: [OutlineItem("IMG1")]).status == .applied)
        #expect(Self.kinds(outline) == ["Folders", "Photos", "IMG1", "Music", "Song", "Readme"])
    }

    @Test func aSecondAnswerIsDroppedAndChangesNothing() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        _ = outline.answer(token, with: [OutlineItem("IMG1")])
        let before = outline.snapshot().sections
        let second = outline.answer(token, with: [OutlineItem("IMG2")])
        #expect(second.status == .droppedDuplicateAnswer && second.hasNoRowEvents)
        #expect(outline.snapshot().sections.map { $0.map(\.id) } == before.map { $0.map(\.id) })
        #expect(outline.failLoad(token).status == .droppedDuplicateAnswer)
    }

    @Test func anAnswerForADeletedNodeIsDropped_evenIfTheSameIdentifierCameBack() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        _ = outline.delete("Photos")
        _ = outline.insert([OutlineItem("Photos", children: .lazy, isExpanded: true)], under: "Folders", at: 0)
        let update = outline.answer(token, with: [OutlineItem("IMG1")])
        #expect(update.status == .droppedNodeRemoved && update.hasNoRowEvents)
        #expect(!outline.contains("IMG1"))
        #expect(outline.loadState(of: "Photos") == .loading, "the new incarnation, visible and expanded, asked for its own")
    }

    @Test func anAnswerAfterAReloadIsSuperseded_andTheNewTokenApplies() throws {
        var outline = Self.world()
        let first = try #require(outline.expand("Photos").loadRequests.first?.token)
        let reload = outline.reloadChildren(of: "Photos")
        let second = try #require(reload.loadRequests.first?.token)
        #expect(first != second)
        #expect(outline.answer(first, with: [OutlineItem("Old")]).status == .droppedSuperseded)
        #expect(outline.answer(second, with: [OutlineItem("New")]).status == .applied)
        #expect(Self.kinds(outline) == ["Folders", "Photos", "New", "Music", "Readme"])
    }

    @Test func aDuplicateIdentifierFailsTheLoad_collapsesTheNode_andTheNextExpandAsksAgain() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        let update = outline.answer(token, with: [OutlineItem("Readme")])
        #expect(update.status == .rejectedDuplicateIdentifier("Readme"))
        #expect(update.deletedRows == [OutlineRows(section: 0, rows: 2..<3)])
        #expect(outline.loadState(of: "Photos") == .unloaded && !outline.isExpanded("Photos"))
        #expect(Self.kinds(outline) == ["Folders", "Photos", "Music", "Readme"])
        #expect(outline.expand("Photos").loadRequests.count == 1)
    }

    @Test func aFailureCollapsesAndTheNextExpandRetries() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Music").loadRequests.first?.token)
        #expect(outline.failLoad(token).status == .failed)
        #expect(outline.loadState(of: "Music") == .unloaded && !outline.isExpanded("Music"))
        #expect(outline.expand("Music").loadRequests.count == 1)
    }

    @Test func anUnknownTokenIsRejected() {
        var outline = Self.world()
        let token = OutlineLoadToken(serial: 999)
        #expect(outline.answer(token, with: [OutlineItem("X")]).status == .rejectedUnknownToken(token))
        #expect(!outline.contains("X"))
    }

    @Test func expandAllNeverStartsALoad_andAHiddenExpandedLazyNodeAsksWhenItBecomesVisible() throws {
        var outline = Self.world()
        _ = outline.collapse("Folders")
        #expect(outline.expand("Photos").loadRequests.isEmpty, "Photos is hidden: only its flag is set")
        #expect(outline.isExpanded("Photos"))
        let shown = outline.expand("Folders")
        #expect(shown.loadRequests.map(\.id) == ["Photos"])
        #expect(Self.kinds(outline) == ["Folders", "Photos", "…Photos", "Music", "Readme"])
        let all = outline.expandAll()
        #expect(all.loadRequests.isEmpty)
        #expect(outline.loadState(of: "Music") == .unloaded && !outline.isExpanded("Music"))
    }

    @Test func insertingIntoANodeWhoseChildrenAreNotLoadedIsRejected() {
        var outline = Self.world()
        #expect(outline.insert([OutlineItem("X")], under: "Photos", at: 0).status == .parentNotLoaded("Photos"))
        #expect(outline.move("Readme", under: "Photos", to: 0).status == .parentNotLoaded("Photos"))
    }

    @Test func movingALoadingNodeKeepsItsRequest() throws {
        var outline = Self.world()
        let token = try #require(outline.expand("Photos").loadRequests.first?.token)
        #expect(outline.move("Photos", under: nil, to: 0).status == .moved)
        #expect(outline.answer(token, with: [OutlineItem("IMG1")]).status == .applied)
        #expect(outline.parent(of: "IMG1") == "Photos" && outline.depth(of: "IMG1") == 1)
    }
}
