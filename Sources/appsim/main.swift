print("appsim")
