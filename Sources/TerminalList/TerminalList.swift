/// The terminal front end for ListKernel and the pieces of `listkernel-demo` that don't
/// need the kernel:
///
/// - Text: ``DisplayWidth`` measures, cuts and pads text in terminal columns, per
///   grapheme cluster (CJK and emoji 2, combining marks 0).
/// - Screen: ``Screen`` is a grid of styled cells; ``Screen/plainText`` renders it for a
///   file or a test, ``ANSIRenderer`` for a terminal, line by line, only what changed.
/// - Terminal: ``Terminal`` owns raw mode, the alternate screen and the signals that must
///   put them back; ``KeyDecoder`` turns its bytes into ``Key``s, ``CommandInterpreter``
///   keys into ``DemoCommand``s, ``KeyScript`` a `--script` into the same commands.
/// - Demo: ``DemoList`` (built-in seeds, ``DemoDataFile``, generated), ``DemoOptions``,
///   ``PreviewRenderer`` and ``DemoMain``.
///
/// Data flows one way: list data → (kernel, later) → ``Screen`` → ``ANSIRenderer`` →
/// ``Terminal``; keys flow back as ``DemoCommand`` values.
///
/// - Complexity: a namespace; it has no members.
public enum TerminalList {}
