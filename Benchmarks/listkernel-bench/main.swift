import ListKernel

print("listkernel-bench: not built yet")
