print("boardd")
