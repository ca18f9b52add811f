import Testing
import ListKernel
@_spi(AuditSamples) import ListKernelTesting

/// The auditor's 2.0 features one by one, each through sessions or runs of the sample
/// message-list adapter: identity worlds, selection, display-time forwarding, late-result
/// reports, the operation mix, returned operations, wrapped indexes and misuse errors.
@Suite struct AuditorFeatureTests {
    static func world(_ counts: [Int], identity: AuditWorld.Identity = [], viewport: Double = 480, prefetch: Double = 0) -> AuditWorld {
        AuditWorld(
            sections: counts.map { AuditWorld.Section(itemCount: $0, header: 44, itemExtent: .uniform(44), measuredExtent: 44) },
            viewport: Viewport(size: viewport), prefetchDistance: prefetch, identity: identity
        )
    }

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    // MARK: Identity

    @Test func aDeletedIdentifierComesBackOnAnotherItemWithOtherValuesAtVersion0() throws {
        let session = try AuditSession(world: Self.world([3], identity: .returningIdentifiers), frontEnd: MessageListAudit())
        let gone = session.model.auditElement(for: .item(Self.path(0, 0)))
        #expect(session.perform(.update(.deleteItems(section: 0, at: 0, count: 1))).isEmpty)
        var returned: AuditElement?
        for _ in 0..<8 where returned == nil {
            #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 1))).isEmpty)
            let inserted = session.model.auditElement(for: .item(Self.path(0, 0)))
            if inserted.identifier == gone.identifier { returned = inserted }
        }
        let back = try #require(returned, "identifier \(gone.identifier) never came back in 8 inserts")
        #expect(back.version == 0 && gone.version == 0)
        #expect(back.title != gone.title)
        // Only one item has it at a time.
        let identifiers = (0..<session.model.sections[0].items.count).map { session.model.identifier(ofItemAt: Self.path(0, $0)) }
        #expect(Set(identifiers).count == identifiers.count)
    }

    @Test func aReloadInAWorldOfReturningIdentifiersReplacesTheItemKeepingItsIdentifier() throws {
        let session = try AuditSession(world: Self.world([3], identity: .returningIdentifiers), frontEnd: MessageListAudit())
        let before = session.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(session.perform(.update(.reloadItem(Self.path(0, 1)))).isEmpty)
        let after = session.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(after.identifier == before.identifier && after.version == 0)
        #expect(after.title != before.title)
        // Without the option, a reload bumps the version of the same item.
        let plain = try AuditSession(world: Self.world([3]), frontEnd: MessageListAudit())
        let first = plain.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(plain.perform(.update(.reloadItem(Self.path(0, 1)))).isEmpty)
        let bumped = plain.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(bumped.identifier == first.identifier && bumped.title == first.title && bumped.version == 1)
    }

    @Test func aDeletedItemComesBackWithItsIdentifierAndTitleAtTheNextVersion() throws {
        let session = try AuditSession(world: Self.world([3], identity: .returningItems), frontEnd: MessageListAudit())
        let gone = session.model.auditElement(for: .item(Self.path(0, 2)))
        #expect(session.perform(.update(.deleteItems(section: 0, at: 2, count: 1))).isEmpty)
        var returned: AuditElement?
        for _ in 0..<8 where returned == nil {
            #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 1))).isEmpty)
            let inserted = session.model.auditElement(for: .item(Self.path(0, 0)))
            if inserted.identifier == gone.identifier { returned = inserted }
        }
        let back = try #require(returned, "item \(gone.identifier) never came back in 8 inserts")
        #expect(back.title == gone.title)
        #expect(back.version == gone.version + 1)
    }

    @Test func identifiersUniquePerSectionRepeatAcrossSectionsAndAMovedItemGetsAFreeOne() throws {
        let session = try AuditSession(world: Self.world([3, 3], identity: .uniquePerSection), frontEnd: MessageListAudit())
        func identifiers(_ s: Int) -> [Int] { (0..<session.model.sections[s].items.count).map { session.model.identifier(ofItemAt: Self.path(s, $0)) } }
        #expect(identifiers(0) == [0, 1, 2] && identifiers(1) == [0, 1, 2])
        #expect(session.perform(.update(.moveItem(from: Self.path(0, 1), to: Self.path(1, 0)))).isEmpty)
        #expect(identifiers(0) == [0, 2] && identifiers(1) == [3, 0, 1, 2])
        #expect(session.perform(.update(.insertItems(section: 0, at: 2, count: 1))).isEmpty)
        #expect(identifiers(0) == [0, 2, 1])   // a freed number comes back
    }

    // MARK: Selection and taps

    @Test func theSelectionFollowsItsItemThroughInsertsMovesAndScrollsAndEndsWithIt() throws {
        let session = try AuditSession(world: Self.world([30]), frontEnd: MessageListAudit())
        func checked() -> [ListElement] {
            session.list.displayed.filter { ($0.view as? MessageCell)?.isChecked == true }.map(\.element)
        }
        #expect(session.perform(.tapItem(Self.path(0, 2))).isEmpty)
        #expect(checked() == [.item(Self.path(0, 2))])
        #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 2))).isEmpty)
        #expect(checked() == [.item(Self.path(0, 4))])
        #expect(session.perform(.update(.moveItem(from: Self.path(0, 4), to: Self.path(0, 0)))).isEmpty)
        #expect(session.perform(.select(items: [Self.path(0, 25), Self.path(0, 1)], selected: true)).isEmpty)
        #expect(checked() == [.item(Self.path(0, 0)), .item(Self.path(0, 1))])
        #expect(session.perform(.scrollToItem(Self.path(0, 25), .top)).isEmpty)
        #expect(checked().contains(.item(Self.path(0, 25))))
        #expect(session.perform(.update(.deleteItems(section: 0, at: 0, count: 2))).isEmpty)
        #expect(session.model.selectedItems.count == 1)
        #expect(session.perform(.select(items: [Self.path(0, 23)], selected: false)).isEmpty)
        #expect(session.model.selectedItems.isEmpty)
    }

    @Test func theSelectionIsKeptByIdentifierWhenAReloadReplacesTheItem() throws {
        let session = try AuditSession(world: Self.world([5], identity: .returningIdentifiers), frontEnd: MessageListAudit())
        #expect(session.perform(.tapItem(Self.path(0, 1))).isEmpty)
        let before = session.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(session.perform(.update(.reloadItem(Self.path(0, 1)))).isEmpty)
        let after = session.model.auditElement(for: .item(Self.path(0, 1)))
        #expect(after.identifier == before.identifier && after.title != before.title, "the reload replaced the item")
        #expect(after.isSelected && session.model.isSelected(Self.path(0, 1)))
        let checked = session.list.displayed.filter { ($0.view as? MessageCell)?.isChecked == true }.map(\.element)
        #expect(checked == [.item(Self.path(0, 1))])
        // In a snapshot apply too.
        #expect(session.perform(.applySnapshot([.reloadItem(Self.path(0, 1)), .insertItems(section: 0, at: 0, count: 1)])).isEmpty)
        #expect(session.model.isSelected(Self.path(0, 2)) && session.model.selectedItems.count == 1)
    }

    @Test func aTapOnACellKeptThroughAnInsertAboveActsOnTheItemItShowsNow() throws {
        let session = try AuditSession(world: Self.world([10]), frontEnd: MessageListAudit())
        #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 1))).isEmpty)
        #expect(session.perform(.tapItem(Self.path(0, 1))).isEmpty)
        #expect(session.model.isSelected(Self.path(0, 1)))
        // The buggy handler, captured at configure, acts on the row above.
        let buggy = try AuditSession(world: Self.world([10]), frontEnd: TapActsOnConfiguredItem())
        #expect(buggy.perform(.update(.insertItems(section: 0, at: 0, count: 1))).isEmpty)
        let problems = buggy.perform(.tapItem(Self.path(0, 1)))
        let wrong = try #require(problems.first { $0.kind == .wrongTapTarget })
        #expect(wrong.found == "item [0, 0]" && wrong.expected == "item [0, 1]", "\(wrong)")
        #expect(wrong.message.contains("not the one it showed when it was configured"))
        #expect(!buggy.model.isSelected(Self.path(0, 0)) && !buggy.model.isSelected(Self.path(0, 1)))
    }

    // MARK: Display time

    /// Records what the adapter hears at display time.
    final class Listening: MessageListAudit {
        var displayed: [AuditElement] = []
        var ended: [AuditElement] = []
        var announced: [AuditElement] = []
        var cancelled: [AuditElement] = []
        override func willDisplay(_ view: MessageListCell, for element: AuditElement) { displayed.append(element) }
        override func didEndDisplaying(_ view: MessageListCell, for element: AuditElement) { ended.append(element) }
        override func prefetch(_ elements: [AuditElement]) { announced += elements }
        override func cancelPrefetching(_ elements: [AuditElement]) { cancelled += elements }
    }

    @Test func displayEventsAndPrefetchesReachTheAdapterWithTheElementsTheyConcern() throws {
        let adapter = Listening()
        let session = try AuditSession(world: Self.world([60], viewport: 220, prefetch: 132), frontEnd: adapter)
        #expect(Set(adapter.displayed.map(\.element)) == Set(session.list.displayed.map(\.element)))
        #expect(adapter.displayed.allSatisfy { $0 == session.model.auditElement(for: $0.element) })
        #expect(session.perform(.scroll(to: 440)).isEmpty)
        #expect(!adapter.announced.isEmpty)
        let first = try #require(adapter.announced.first)
        #expect(first.kind == .item && first.title == session.model.auditElement(for: first.element).title)
        #expect(session.perform(.scroll(to: 200)).isEmpty)          // reversed: the items ahead are cancelled
        #expect(!adapter.cancelled.isEmpty)
        // A deleted row ends its display as the row it was, though the model lost it.
        let shown = try #require(session.list.displayed.first { $0.element.kind == .item }?.element)
        let row = session.model.auditElement(for: shown)
        #expect(session.perform(.update(.deleteItems(section: 0, at: shown.itemPath!.item, count: 1))).isEmpty)
        #expect(adapter.ended.last { $0.identifier == row.identifier }?.title == row.title)
        #expect(session.displayEventCount == adapter.displayed.count + adapter.ended.count)
    }

    @Test func aBadgeSetOnlyAtDisplayTimeIsCaughtWhenAReconfigureChangesIt() throws {
        let session = try AuditSession(world: Self.world([10]), frontEnd: BadgeSetAtDisplayTime())
        var changed = 0
        for item in 0..<6 {
            let before = session.model.auditElement(for: .item(Self.path(0, item))).badge
            // Each row's own problems: rows reconfigured before it stay stale.
            let problems = session.perform(.update(.reconfigureItem(Self.path(0, item)))).filter { $0.element == .item(Self.path(0, item)) }
            let after = session.model.auditElement(for: .item(Self.path(0, item))).badge
            if before != after {
                changed += 1
                let stale = try #require(problems.first { $0.part == "message.badge" }, "item \(item): \(problems)")
                #expect(stale.found == (before.map { "\($0)" } ?? "nil") && stale.expected == (after.map { "\($0)" } ?? "nil"))
            } else {
                #expect(problems.isEmpty, "item \(item): \(problems)")
            }
        }
        #expect(changed > 0)
    }

    // MARK: Late results

    /// Applies the avatar whenever it arrives.
    final class AvatarWithoutCheck: MessageListAudit {
        override func loadAvatar(into cell: MessageCell, context: AuditContext<MessageListCell>) {
            cell.avatar = nil
            context.loadImage { [weak cell] image in cell?.avatar = image }
        }
    }

    @Test func aLateAvatarInAViewShowingAnotherRowIsReportedAsDifferingFromWhatItShouldShow() throws {
        let world = AuditWorld(sections: [AuditWorld.Section(itemCount: 40, header: nil, itemExtent: .uniform(44), measuredExtent: 44)], viewport: Viewport(size: 44))
        let session = try AuditSession(world: world, frontEnd: AvatarWithoutCheck())
        #expect(session.perform(.scroll(to: 440)).isEmpty)   // row 0's view shows row 10
        let problems = session.perform(.completeLoads(pick: 0, count: 1))    // row 0's avatar
        let late = try #require(problems.first { $0.kind == .lateAsyncResult })
        #expect(late.part == "message.avatar")
        #expect(late.found == "\"image 0 v0\"" && late.expected == "nil")
        #expect(late.message.contains("differs from what it should show now"))
        #expect(late.message.contains("view #1 (item)") && !late.message.contains("MessageCell"))
    }

    @Test func aLateAvatarThatLooksRightIsStillReportedWithWhy() throws {
        let session = try AuditSession(world: Self.world([5], viewport: 200), frontEnd: AvatarWithoutCheck())
        let row = ListElement.item(Self.path(0, 0))
        // Rebind row 0 without a new version: its first load is now outdated.
        #expect(session.perform(.toggleExpansion(Self.path(0, 0))).isEmpty)
        #expect(session.pendingLoadCount >= 2)
        let problems = session.perform(.completeLoads(pick: 0, count: 1))
        let late = try #require(problems.first { $0.kind == .lateAsyncResult })
        #expect(late.element == row)
        #expect(late.found == "\"image 0 v0\"" && late.expected == "nil")
        #expect(late.message.contains("looks right"))
        #expect(late.message.contains("no longer current"))
    }

    // MARK: Mix and operations

    @Test func aPassingRunReturnsItsOperationsAndReplayingThemPassesAgain() throws {
        let auditor = StaleStateAuditor { MessageListAudit() }
        let report = try auditor.run(seed: 3, operations: 400)
        #expect(report.failure == nil, "\(report)")
        #expect(report.operations.count == 400)
        var counted: [String: Int] = [:]
        for operation in report.operations { counted[operation.name, default: 0] += 1 }
        #expect(counted == report.operationsByName)
        #expect(try auditor.replay(seed: 3, operations: report.operations) == nil)
    }

    @Test func kindsSwitchedOffInTheMixAreNeverDrawnAndAHeavyWeightDominates() throws {
        var auditor = StaleStateAuditor { MessageListAudit() }
        auditor.mix.scrolls = 0
        auditor.mix.folds = 0
        auditor.mix.reconfigures = 0
        auditor.mix.lateResults = 400
        let report = try auditor.run(seed: 4, operations: 1_000)
        #expect(report.failure == nil, "\(report)")
        let names = Set(report.operations.map(\.name))
        #expect(names.isDisjoint(with: ["scroll", "scrollToItem", "tapHeader", "fold"]), "\(names)")
        #expect(report.operationsByName["completeLoads", default: 0] > 600, "\(report.operationsByName)")
        let contentChanges = report.operations.filter { operation in
            let edits: [AuditEdit] = switch operation {
            case .update(let edit): [edit]
            case .applySnapshot(let edits): edits
            default: []
            }
            return edits.contains { edit in
                switch edit {
                case .reloadItem, .reconfigureItem, .reloadSection: true
                default: false
                }
            }
        }
        #expect(contentChanges.isEmpty, "\(contentChanges)")
    }

    @Test func aKindSwitchedOffIsNotDrawnInPlaceOfOneWithNothingToActOn() throws {
        var auditor = StaleStateAuditor { MessageListAudit() }
        auditor.makeWorld = { _ in AuditorFeatureTests.world([0, 0]) }
        auditor.mix = AuditOperationMix()
        for keyPath: WritableKeyPath<AuditOperationMix, Int> in [\.scrolls, \.resizes, \.folds, \.updates, \.snapshots, \.lateResults, \.reloads, \.purges] {
            auditor.mix[keyPath: keyPath] = 0
        }
        // Only kinds that need an item are on, and the list has none.
        let report = try auditor.run(seed: 5, operations: 300)
        #expect(report.failure == nil, "\(report)")
        #expect(Set(report.operations.map(\.name)).isSubset(of: ["measure", "toggleExpansion", "tapItem", "select", "update"]), "\(report.operationsByName)")
        for operation in report.operations {
            if case .update(let edit) = operation {
                switch edit {
                case .reconfigureItem, .reloadItem: break
                default: Issue.record("a structural update was drawn with updates switched off: \(operation)")
                }
            }
        }
    }

    @Test func aFailingReproducerPrintsIndexesWrappedIntoRange() throws {
        var auditor = StaleStateAuditor { TapActsOnConfiguredItem() }
        auditor.makeWorld = { _ in AuditFeatureWorlds.tenRows }
        // 10,000 wraps to 1 in 11 insertion points; 10,001 to 2 in 11 items.
        let failure = try #require(try auditor.replay(seed: 1, operations: [
            .update(.insertItems(section: 700, at: 10_000, count: 1)),
            .tapItem(ItemPath(section: 901, item: 10_001)),
        ]))
        #expect(failure.step == 1)
        #expect(failure.operations == [
            .update(.insertItems(section: 0, at: 1, count: 1)),
            .tapItem(ItemPath(section: 0, item: 2)),
        ])
        #expect(failure.reproducer.contains(".tapItem(ItemPath(section: 0, item: 2))"))
    }

    @Test func aFailurePrintsEachProblemAndItsReproducerOnce() throws {
        let report = try StaleStateAuditor { OptionalPreviewLeaks() }.run(seed: 2, operations: 1_000)
        let failure = try #require(report.failure)
        let text = "\(report)"
        func occurrences(of part: String) -> Int {
            let characters = Array(text), target = Array(part)
            guard !target.isEmpty, characters.count >= target.count else { return 0 }
            return (0...(characters.count - target.count)).filter { characters[$0..<($0 + target.count)].elementsEqual(target) }.count
        }
        #expect(occurrences(of: "try auditor.replay(") == 1)
        for problem in failure.problems {
            #expect(occurrences(of: problem.message) == 1, "\(problem)")
        }
        #expect(!StaleStateAuditor { OptionalPreviewLeaks() }.printsFailures)
    }

    // MARK: Misuse

    @Test func misusingTheAuditorThrowsATypedErrorNamingTheValue() throws {
        var auditor = StaleStateAuditor { MessageListAudit() }
        #expect(throws: AuditError(.invalidConfiguration, message: "operations is -1; a run makes 0 or more")) {
            try auditor.run(seed: 1, operations: -1)
        }
        auditor.invariantCheckInterval = 0
        #expect(throws: AuditError(.invalidConfiguration, message: "invariantCheckInterval is 0; it must be at least 1")) {
            try auditor.run(seed: 1, operations: 10)
        }
        auditor.invariantCheckInterval = 64
        auditor.shrinkBudget = -5
        #expect(throws: AuditError(.invalidConfiguration, message: "shrinkBudget is -5; it can't be negative")) {
            try auditor.run(seed: 1, operations: 10)
        }
        auditor.shrinkBudget = 10
        auditor.mix.updates = -2
        #expect(throws: AuditError(.invalidConfiguration, message: "mix.updates is -2; a weight must be from 0 to 1073741824")) {
            try auditor.run(seed: 1, operations: 10)
        }
        auditor.mix = AuditOperationMix()
        for keyPath: WritableKeyPath<AuditOperationMix, Int> in [\.scrolls, \.resizes, \.measurements, \.folds, \.expansions, \.selections,
                                                                  \.updates, \.reconfigures, \.snapshots, \.lateResults, \.reloads, \.purges] {
            auditor.mix[keyPath: keyPath] = 0
        }
        #expect(throws: AuditError(.invalidConfiguration, message: "every weight of the mix is 0; at least one kind of operation must be on")) {
            try auditor.run(seed: 1, operations: 10)
        }
        auditor.mix = AuditOperationMix()
        let error = try #require(throws: AuditError.self) {
            try auditor.replay(seed: 1, operations: [.scroll(to: 10), .scroll(to: .nan)])
        }
        #expect(error.kind == .invalidOperation && error.message.hasPrefix("operation 1, .scroll(to: nan): its offset is nan"), "\(error)")
        auditor.makeWorld = { _ in AuditWorld(sections: [AuditWorld.Section(itemCount: -3)]) }
        #expect(throws: AuditError(.invalidWorld, message: "section 0 has -3 items; a count can't be negative")) {
            try auditor.run(seed: 1, operations: 10)
        }
    }

    @Test func aSessionRefusesABadWorldAndABadOperationWithoutTrapping() throws {
        let badHeader = AuditWorld(sections: [AuditWorld.Section(itemCount: 2, header: -1)])
        let error = try #require(throws: AuditError.self) { try AuditSession(world: badHeader, frontEnd: MessageListAudit()) }
        #expect(error.kind == .invalidWorld && error.message.contains("header extent is -1.0"), "\(error)")
        let session = try AuditSession(world: Self.world([3]), frontEnd: MessageListAudit())
        let problems = session.perform(.resize(size: .infinity, insetTop: 0, insetBottom: 0, overscanAhead: 0, overscanBehind: 0))
        #expect(problems.map(\.kind) == [.invalidOperation])
        #expect(problems.first?.message.contains("its size is inf") == true)
        #expect(session.list.viewport.size == 480)
    }

    /// Registers a cell class that is not the list's view class.
    final class WrongViewClass: AuditAdapter {
        final class Other {}
        func register(in registry: AuditRegistry<MessageListCell, Int>) throws(ListError) {
            try registry.register(kind: .item, make: Other.init, configure: { _, _, _ in }, rendered: { _ in 0 })
        }
        func expected(for element: AuditElement) -> Int { 0 }
    }

    @Test func aRegistrationTheListRejectsIsASetupErrorCarryingTheListsError() throws {
        let error = try #require(throws: AuditError.self) { try AuditSession(world: Self.world([1]), frontEnd: WrongViewClass()) }
        #expect(error.kind == .setupRejected)
        #expect(error.listError == .registrationViewType(registered: "Other", listView: "MessageListCell"), "\(error)")
        #expect(error.message.hasPrefix("the list rejected the adapter's registrations"), "\(error)")
        // A run and a replay throw it too: it is the adapter's mistake, not a failure of the kernel.
        let auditor = StaleStateAuditor { WrongViewClass() }
        let run = try #require(throws: AuditError.self) { try auditor.run(seed: 1, operations: 10) }
        #expect(run.kind == .setupRejected && run.listError == error.listError, "\(run)")
        let replay = try #require(throws: AuditError.self) { try auditor.replay(seed: 1, operations: [.scroll(to: 10)]) }
        #expect(replay.kind == .setupRejected, "\(replay)")
    }
}

enum AuditFeatureWorlds {
    static var tenRows: AuditWorld { AuditorFeatureTests.world([10]) }
}
