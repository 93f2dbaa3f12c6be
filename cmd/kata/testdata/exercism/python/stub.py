def gamestate(board):
    pass
