"""Class results sentences (the teacher's notebook, the name prompt, the store's problems) in en, pt, fr.

Whole sentences and labels with named placeholders, like
:mod:`tripeaks.i18n.catalog`; the store itself (:mod:`tripeaks.classroom`)
returns data only.  Counts are given as labelled figures ("Students: 3"),
so no sentence needs a plural form.

>>> classroom_text("challenge.banner", "fr", code="TP1-E-AAAAAAD")
'Défi de la classe : TP1-E-AAAAAAD'
>>> classroom_text("summary.games", "pt", count=12, players=3)
'Partidas registadas: 12. Alunos: 3.'
"""

from __future__ import annotations

from typing import Any

from ..classroom import NAME_MAX, NameProblem, Problem, Unavailable
from .core import lookup

__all__ = [
    "CLASSROOM_CATALOG",
    "classroom_text",
    "problem_message",
    "name_problem_message",
]

CLASSROOM_CATALOG: dict[str, dict[str, str]] = {
    "en": {
        "title": "Class results",
        "refresh": "Refresh",
        "refresh_tip": "Read the class database again.",
        "language": "Language",
        "database": "Class database: {path}",
        "updated": "Read at {time} UTC.",
        "summary.games": "Games recorded: {count}. Students: {players}.",
        "summary.empty": "No games recorded yet.",
        "setup.none": "No class database is set up, so the games of the class are not recorded.",
        "setup.how": "To record them, start the app and this notebook with the environment variable {variable} set to the path of a file (it is created if its folder exists), for example:",
        "setup.deploy": "On JupyterHub, put the file on a volume that every student's server mounts (see docs/deploy.md).",
        "problem.no_folder": "Results are not being recorded: the folder of the class database does not exist.",
        "problem.unwritable": "Results are not being recorded: the class database cannot be written.",
        "problem.corrupt": "Results are not being recorded: the class database is damaged or is not a database.",
        "problem.not_class_db": "Results are not being recorded: this file is another program's database.",
        "problem.newer_version": "Results are not being recorded: the class database was written by a newer version of TriPeaks.",
        "problem.not_configured": "Results are not being recorded: no class database is set up.",
        "problem.detail": "Details for the teacher: {detail}",
        "name.empty": "Please type a name.",
        "name.too_long": "A name can have at most {limit} characters.",
        "name.control": "A name cannot contain tabs, line breaks or invisible characters.",
        "challenge.banner": "Class challenge: {code}",
        "challenge.heading": "Class challenge",
        "challenge.none": "No class challenge is set.",
        "challenge.from_env": "The challenge {code} comes from the environment variable {variable}; change it there.",
        "challenge.placeholder": "A game code such as TP1-E-AAAAAAD",
        "challenge.set": "Set challenge",
        "challenge.clear": "Clear challenge",
        "challenge.stored": "The class challenge is now {code}.",
        "challenge.cleared": "The class challenge is cleared.",
        "challenge.invalid": "This is not a game code; a valid code looks like TP1-E-AAAAAAD.",
        "challenge.unsaved": "The challenge could not be saved: the class database is not available.",
        "leaderboard.heading": "Leaderboard",
        "leaderboard.code": "Code",
        "leaderboard.none": "No game with a code has been recorded yet.",
        "leaderboard.summary": "Games on {code}: {count}. Students: {players}. Wins: {wins}.",
        "progress.heading": "Each student's progress",
        "plot.heading": "The class's scores",
        "plot.histogram": "Final scores on {code}",
        "plot.timeline": "Every game's final score",
        "plot.final_score": "Final score",
        "plot.games": "Games",
        "plot.time": "Time played (UTC)",
        "plot.won": "Won",
        "plot.not_won": "Not won",
        "column.rank": "Rank",
        "column.name": "Name",
        "column.games": "Games",
        "column.won": "Won",
        "column.wins": "Wins",
        "column.best": "Best score",
        "column.fewest": "Fewest moves to win",
        "column.mean": "Mean score",
        "column.codes": "Codes played",
        "column.last": "Last game (UTC)",
        "cell.yes": "yes",
        "cell.no": "no",
        "cell.none": "none",
        "failure": "Sorry, something went wrong while reading the class results.",
    },
    "pt": {
        "title": "Resultados da turma",
        "refresh": "Atualizar",
        "refresh_tip": "Ler de novo a base de dados da turma.",
        "language": "Língua",
        "database": "Base de dados da turma: {path}",
        "updated": "Lida às {time} UTC.",
        "summary.games": "Partidas registadas: {count}. Alunos: {players}.",
        "summary.empty": "Ainda não há partidas registadas.",
        "setup.none": "Não está configurada nenhuma base de dados da turma, por isso as partidas da turma não são registadas.",
        "setup.how": "Para as registar, inicie a aplicação e este caderno com a variável de ambiente {variable} igual ao caminho de um ficheiro (é criado se a pasta existir), por exemplo:",
        "setup.deploy": "No JupyterHub, coloque o ficheiro num volume montado no servidor de cada aluno (ver docs/deploy.md).",
        "problem.no_folder": "Os resultados não estão a ser registados: a pasta da base de dados da turma não existe.",
        "problem.unwritable": "Os resultados não estão a ser registados: não é possível escrever na base de dados da turma.",
        "problem.corrupt": "Os resultados não estão a ser registados: a base de dados da turma está danificada ou não é uma base de dados.",
        "problem.not_class_db": "Os resultados não estão a ser registados: este ficheiro é a base de dados de outro programa.",
        "problem.newer_version": "Os resultados não estão a ser registados: a base de dados da turma foi escrita por uma versão mais recente do TriPeaks.",
        "problem.not_configured": "Os resultados não estão a ser registados: não está configurada nenhuma base de dados da turma.",
        "problem.detail": "Pormenores para o professor: {detail}",
        "name.empty": "Escreva um nome, por favor.",
        "name.too_long": "Um nome pode ter no máximo {limit} caracteres.",
        "name.control": "Um nome não pode conter tabulações, mudanças de linha nem caracteres invisíveis.",
        "challenge.banner": "Desafio da turma: {code}",
        "challenge.heading": "Desafio da turma",
        "challenge.none": "Não há nenhum desafio da turma.",
        "challenge.from_env": "O desafio {code} vem da variável de ambiente {variable}; altere-o aí.",
        "challenge.placeholder": "Um código de partida como TP1-E-AAAAAAD",
        "challenge.set": "Definir o desafio",
        "challenge.clear": "Retirar o desafio",
        "challenge.stored": "O desafio da turma passa a ser {code}.",
        "challenge.cleared": "O desafio da turma foi retirado.",
        "challenge.invalid": "Isto não é um código de partida; um código válido é como TP1-E-AAAAAAD.",
        "challenge.unsaved": "Não foi possível guardar o desafio: a base de dados da turma não está disponível.",
        "leaderboard.heading": "Classificação",
        "leaderboard.code": "Código",
        "leaderboard.none": "Ainda não foi registada nenhuma partida com código.",
        "leaderboard.summary": "Partidas com {code}: {count}. Alunos: {players}. Vitórias: {wins}.",
        "progress.heading": "O progresso de cada aluno",
        "plot.heading": "As pontuações da turma",
        "plot.histogram": "Pontuações finais em {code}",
        "plot.timeline": "Pontuação final de cada partida",
        "plot.final_score": "Pontuação final",
        "plot.games": "Partidas",
        "plot.time": "Hora da partida (UTC)",
        "plot.won": "Ganha",
        "plot.not_won": "Não ganha",
        "column.rank": "Lugar",
        "column.name": "Nome",
        "column.games": "Partidas",
        "column.won": "Ganhou",
        "column.wins": "Vitórias",
        "column.best": "Melhor pontuação",
        "column.fewest": "Menos jogadas para ganhar",
        "column.mean": "Pontuação média",
        "column.codes": "Códigos jogados",
        "column.last": "Última partida (UTC)",
        "cell.yes": "sim",
        "cell.no": "não",
        "cell.none": "nenhuma",
        "failure": "Desculpe, algo correu mal ao ler os resultados da turma.",
    },
    "fr": {
        "title": "Résultats de la classe",
        "refresh": "Actualiser",
        "refresh_tip": "Relire la base de données de la classe.",
        "language": "Langue",
        "database": "Base de données de la classe : {path}",
        "updated": "Lue à {time} UTC.",
        "summary.games": "Parties enregistrées : {count}. Élèves : {players}.",
        "summary.empty": "Aucune partie n'est encore enregistrée.",
        "setup.none": "Aucune base de données de la classe n'est configurée : les parties de la classe ne sont pas enregistrées.",
        "setup.how": "Pour les enregistrer, lancez l'application et ce notebook avec la variable d'environnement {variable} égale au chemin d'un fichier (il est créé si son dossier existe), par exemple :",
        "setup.deploy": "Sur JupyterHub, placez le fichier sur un volume monté dans le serveur de chaque élève (voir docs/deploy.md).",
        "problem.no_folder": "Les résultats ne sont pas enregistrés : le dossier de la base de données de la classe n'existe pas.",
        "problem.unwritable": "Les résultats ne sont pas enregistrés : impossible d'écrire dans la base de données de la classe.",
        "problem.corrupt": "Les résultats ne sont pas enregistrés : la base de données de la classe est endommagée ou n'est pas une base de données.",
        "problem.not_class_db": "Les résultats ne sont pas enregistrés : ce fichier est la base de données d'un autre programme.",
        "problem.newer_version": "Les résultats ne sont pas enregistrés : la base de données de la classe a été écrite par une version plus récente de TriPeaks.",
        "problem.not_configured": "Les résultats ne sont pas enregistrés : aucune base de données de la classe n'est configurée.",
        "problem.detail": "Détails pour l'enseignant : {detail}",
        "name.empty": "Veuillez taper un nom.",
        "name.too_long": "Un nom peut compter au plus {limit} caractères.",
        "name.control": "Un nom ne peut pas contenir de tabulations, de retours à la ligne ni de caractères invisibles.",
        "challenge.banner": "Défi de la classe : {code}",
        "challenge.heading": "Défi de la classe",
        "challenge.none": "Aucun défi de la classe n'est fixé.",
        "challenge.from_env": "Le défi {code} vient de la variable d'environnement {variable} ; modifiez-le là.",
        "challenge.placeholder": "Un code de partie comme TP1-E-AAAAAAD",
        "challenge.set": "Fixer le défi",
        "challenge.clear": "Retirer le défi",
        "challenge.stored": "Le défi de la classe est maintenant {code}.",
        "challenge.cleared": "Le défi de la classe est retiré.",
        "challenge.invalid": "Ce n'est pas un code de partie ; un code valide ressemble à TP1-E-AAAAAAD.",
        "challenge.unsaved": "Le défi n'a pas pu être enregistré : la base de données de la classe n'est pas disponible.",
        "leaderboard.heading": "Classement",
        "leaderboard.code": "Code",
        "leaderboard.none": "Aucune partie avec un code n'est encore enregistrée.",
        "leaderboard.summary": "Parties sur {code} : {count}. Élèves : {players}. Victoires : {wins}.",
        "progress.heading": "Les progrès de chaque élève",
        "plot.heading": "Les scores de la classe",
        "plot.histogram": "Scores finaux sur {code}",
        "plot.timeline": "Score final de chaque partie",
        "plot.final_score": "Score final",
        "plot.games": "Parties",
        "plot.time": "Heure de la partie (UTC)",
        "plot.won": "Gagnée",
        "plot.not_won": "Non gagnée",
        "column.rank": "Rang",
        "column.name": "Nom",
        "column.games": "Parties",
        "column.won": "Gagné",
        "column.wins": "Victoires",
        "column.best": "Meilleur score",
        "column.fewest": "Moins de coups pour gagner",
        "column.mean": "Score moyen",
        "column.codes": "Codes joués",
        "column.last": "Dernière partie (UTC)",
        "cell.yes": "oui",
        "cell.no": "non",
        "cell.none": "aucun",
        "failure": "Désolé, un problème est survenu en lisant les résultats de la classe.",
    },
}


def classroom_text(key: str, lang: str = "en", **values: Any) -> str:
    """The class results sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Raises ``ValueError`` for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup(CLASSROOM_CATALOG, key, lang, values)


def problem_message(problem: Unavailable | Problem, lang: str = "en") -> str:
    """The one sentence that says results are not being recorded, and why (``lang``)."""
    reason = problem.reason if isinstance(problem, Unavailable) else Problem(problem)
    return classroom_text(f"problem.{reason.value}", lang)


def name_problem_message(reason: NameProblem, lang: str = "en") -> str:
    """Why a typed display name was refused, in ``lang`` (see :func:`tripeaks.classroom.clean_name`)."""
    return classroom_text(f"name.{NameProblem(reason).value}", lang, limit=NAME_MAX)
