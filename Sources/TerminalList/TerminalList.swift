import ListKernel

/// The terminal front end for ListKernel (work in progress).
public enum TerminalList {}
