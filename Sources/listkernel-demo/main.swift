import TerminalList

print("listkernel-demo: not built yet")
