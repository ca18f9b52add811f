import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

@Suite struct PinningTests {
    // Three sections: header 30, 10 items × 44, footer 10 → each section spans 480.
    func makeList(_ style: ListStyle, footer: Double? = 10) -> (RecordingFrontEnd, VirtualList<RecordingView>) {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(3, items: 10, footer: footer))
        return (frontEnd, frontEnd.makeList(style: style, viewport: Viewport(size: 300)))
    }

    func shown(_ list: VirtualList<RecordingView>, _ element: ListElement) -> DisplayedElement<RecordingView>? {
        list.displayed.first { $0.element == element }
    }

    @Test func plainStylePinsTheHeaderOfTheSectionSpanningTheTopEdge() throws {
        let (frontEnd, list) = makeList(.plain)
        try list.scroll(to: 200)
        let header = try #require(shown(list, .header(section: 0)))
        #expect(header.frame == .init(start: 200, extent: 30))
        #expect(header.isPinned)
        #expect(frontEnd.problems(in: list).isEmpty)
        withExtendedLifetime(frontEnd) {}
    }

    @Test func theNextSectionsHeaderPushesThePinnedHeaderOff() throws {
        let (frontEnd, list) = makeList(.plain, footer: nil)
        // Section 0 spans 0..<470; at offset 460 its header can't sit at 460 (it would cover
        // section 1's header at 470), so it is pushed up to 440.
        try list.scroll(to: 460)
        #expect(shown(list, .header(section: 0))?.frame == .init(start: 440, extent: 30))
        #expect(shown(list, .header(section: 1))?.frame == .init(start: 470, extent: 30))
        #expect(shown(list, .header(section: 1))?.isPinned == false)
        withExtendedLifetime(frontEnd) {}
    }

    @Test func groupedStyleDoesNotPin() throws {
        let (frontEnd, list) = makeList(.grouped)
        try list.scroll(to: 200)
        #expect(shown(list, .header(section: 0)) == nil)
        #expect(list.displayed.allSatisfy { !$0.isPinned })
        withExtendedLifetime(frontEnd) {}
    }

    @Test func plainStylePinsTheFooterOfTheSectionSpanningTheBottomEdge() throws {
        let (frontEnd, list) = makeList(.plain)
        // Viewport 0..<300: section 0's footer (natural 470) sticks to the bottom edge at 290.
        let footer = try #require(shown(list, .footer(section: 0)))
        #expect(footer.frame == .init(start: 290, extent: 10))
        #expect(footer.isPinned)
        withExtendedLifetime(frontEnd) {}
    }

    @Test func aCollapsedSectionsHeaderScrollsNormallyAndPinsOnlyWhileItsSectionSpansTheTop() throws {
        let (frontEnd, list) = makeList(.plain)
        try list.setCollapsed(true, section: 1)
        // Section 1 now spans 480..<520 (header 30 + footer 10).
        try list.scroll(to: 490)
        #expect(shown(list, .header(section: 1))?.frame == .init(start: 490, extent: 30))
        try list.scroll(to: 500)
        // The section's end (520) pushes the header: it can sit no lower than 490.
        #expect(shown(list, .header(section: 1))?.frame == .init(start: 490, extent: 30))
        try list.scroll(to: 530)
        #expect(shown(list, .header(section: 1)) == nil)
        #expect(shown(list, .header(section: 2))?.frame == .init(start: 530, extent: 30))
        withExtendedLifetime(frontEnd) {}
    }

    @Test func anEmptySectionsHeaderScrollsLikeAnyHeader() throws {
        // Seed 003: 越 has no generals.
        let frontEnd = RecordingFrontEnd(sections: [
            RecordingSection(id: 0, items: [], header: 44, footer: nil),
            RecordingSection(id: 1, items: Array(0..<20), header: 44, footer: nil),
        ])
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 300))
        try list.scroll(to: 20)
        // The empty section spans 0..<44: its header is pushed up to 0, then scrolls away.
        #expect(shown(list, .header(section: 0))?.frame == .init(start: 0, extent: 44))
        try list.scroll(to: 50)
        #expect(shown(list, .header(section: 0)) == nil)
        #expect(shown(list, .header(section: 1))?.frame.start == 50)
        #expect(frontEnd.problems(in: list).isEmpty)
        withExtendedLifetime(frontEnd) {}
    }

    @Test func theTopInsetMovesThePinningEdge() throws {
        let (frontEnd, list) = makeList(.plain)
        try list.setViewport(Viewport(offset: 200, size: 300, insets: .init(top: 64)))
        #expect(shown(list, .header(section: 0))?.frame == .init(start: 264, extent: 30))
        withExtendedLifetime(frontEnd) {}
    }
}
