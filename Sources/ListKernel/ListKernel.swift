// The one module users import. Each layer of the kernel is its own target, so a lower layer
// can't use a higher one (the compiler refuses); this module re-exports all of them, as
// swift-collections' `Collections` module re-exports its parts. Docs/Architecture.md has
// the picture.

@_exported public import ListKernelCore
@_exported public import ListKernelLayout
@_exported public import ListKernelReuse
@_exported public import ListKernelDiffing
@_exported public import ListKernelUpdates
@_exported public import ListKernelDiffUpdates
@_exported public import ListKernelOutline
@_exported public import ListKernelList
