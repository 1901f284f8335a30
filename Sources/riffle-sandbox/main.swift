// The sandbox server's entry point (issue 5).
print("riffle-sandbox: not built yet")
