/// The terminal front end of ListKernel and the `listkernel-demo` program:
///
/// - List: ``DemoListSource`` is the kernel's `ListDataSource`; its views are
///   ``TerminalView``s (``RowView``, ``HeaderView``, ``FooterView``) that the kernel's reuse
///   pool makes and recycles and that each draw their own lines.
/// - Session: ``DemoSession`` drives a `VirtualList` per ``DemoCommand`` and draws exactly
///   what the kernel displays, with a ``DemoStatus`` line of the kernel's figures.
/// - Text: ``DisplayWidth`` measures, cuts, pads and wraps text in terminal columns, per
///   grapheme cluster (CJK and emoji 2, combining marks 0).
/// - Screen: ``Screen`` is a grid of styled cells; ``Screen/plainText`` renders it for a
///   file or a test, ``ANSIRenderer`` for a terminal, line by line, only what changed.
/// - Terminal: ``Terminal`` owns raw mode, the alternate screen and the signals that must
///   put them back; ``KeyDecoder`` turns its bytes into ``Key``s, ``CommandInterpreter``
///   keys into ``DemoCommand``s, ``KeyScript`` a `--script` into the same commands.
/// - Demo: ``DemoList`` (built-in seeds, ``DemoDataFile``, generated), ``DemoOptions``
///   and ``DemoMain``.
///
/// Data flows one way: list data → kernel (`VirtualList`) → views → ``Screen`` →
/// ``ANSIRenderer`` → ``Terminal``; keys flow back as ``DemoCommand`` values.
///
/// - Complexity: a namespace; it has no members.
public enum TerminalList {}
