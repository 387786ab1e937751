from tripeaks import Game, GameCode


def test_spec_known_deal_facts():
    game = Game.from_code("TP1-E-AAAAAAB")
    assert game.waste_top.symbol == "7♥"
    assert game.tableau[0].card.symbol == "9♣"
    assert str(GameCode.parse(" tp1-n-aaaaaad ")) == "TP1-E-AAAAAAD"
