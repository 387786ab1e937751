"""Parts of the lesson view: the Show me guide, the legend of the peaks, the links to the game.

Each part only shows what a :class:`~tripeaks.course.lessons.LessonRun` holds and
forwards clicks; the lesson view (:mod:`tripeaks.app.views.lesson_page`) lays them out.

CSS classes (stable, used by the browser tests): ``tp-lesson-guide`` with
``tp-guide-list`` (its items ``tp-guide-done`` / ``tp-guide-next``),
``tp-guide-progress``, ``tp-guide-previous``, ``tp-guide-next-button``,
``tp-guide-all``, ``tp-guide-close``; ``tp-peak-legend``; the peak marks on
the board's cards ``tp-peak-left`` / ``tp-peak-middle`` / ``tp-peak-right``;
``tp-lesson-links`` with ``tp-link-voila`` and ``tp-link-lab``; ``tp-bridge`` (the scroller, hidden).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import anywidget
import ipywidgets as widgets
import traitlets

from ...course.lessons import LessonRun
from ...engine.layout import PEAKS
from ...i18n.course import render
from ...i18n.lessons import lesson_text
from .. import static

__all__ = [
    "GuidePanel",
    "GUIDE_SHOWN",
    "GUIDE_PLAYED_SHOWN",
    "PeakLegend",
    "links_html",
    "GAME_LINKS",
    "PEAK_CLASSES",
    "PARTS_CSS",
    "LessonScroller",
]

PEAK_CLASSES = ("tp-peak-left", "tp-peak-middle", "tp-peak-right")
"""The CSS class marking a card of the left, middle or right peak (docs/rules.md §1)."""

GAME_LINKS = {
    "voila": "../../../voila/render/notebooks/tripeaks.ipynb",
    "lab": "../../../lab/tree/notebooks/tripeaks.ipynb",
}
"""Where the game opens, relative to the lesson page.

A Voila page is ``<base>voila/render/notebooks/learn_tripeaks.ipynb`` and a
JupyterLab page ``<base>lab/tree/notebooks/learn_tripeaks.ipynb``: both sit
three levels below the server's base URL, so ``../../../`` is the base URL
from either, whatever prefix a JupyterHub or Binder adds.  From there
``voila/render/…`` is Voila's page of the game notebook (a Jupyter server
with Voila installed serves it, and so does ``voila`` started in the project
folder) and ``lab/tree/…`` opens it in JupyterLab (only a Jupyter server
serves that).
"""

PARTS_CSS = static.text("lesson_parts.css")
"""Style of these parts and of the lesson view's layout (the ``--tp-*`` colours of the theme when present)."""


GUIDE_SHOWN = 16
"""How many moves of a Show me line the guide lists at once (a window holding the next move)."""
GUIDE_PLAYED_SHOWN = 3
"""How many of the moves already played stay listed above the next one."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class GuidePanel(widgets.VBox):
    """The Show me guide: the line as a numbered list (a window of :data:`GUIDE_SHOWN` moves: the last
    moves played, the next one, those after it, and how many more follow), Previous / Next / Play all.

    ``GuidePanel(on_previous, on_next, on_all, on_close)``; :meth:`render`
    shows a run's guide (hidden when it has none).  Widgets (public,
    read-only): ``title``, ``steps``, ``progress``, ``previous_button``,
    ``next_button``, ``all_button``, ``close_button``.
    """

    def __init__(
        self,
        on_previous: Callable[[], None],
        on_next: Callable[[], None],
        on_all: Callable[[], None],
        on_close: Callable[[], None],
        **kwargs: object,
    ) -> None:
        self.title = widgets.HTML()
        self.title.add_class("tp-guide-title")
        self.steps = widgets.HTML()
        self.steps.add_class("tp-guide-list")
        self.progress = widgets.HTML()
        self.progress.add_class("tp-guide-progress")

        def button(cls: str, action: Callable[[], None], style: str = "") -> widgets.Button:
            b = widgets.Button(button_style=style, layout=widgets.Layout(width="auto", min_width="110px"))
            b.add_class(cls)
            b.on_click(lambda _b: action())
            return b

        self.previous_button = button("tp-guide-previous", on_previous)
        self.next_button = button("tp-guide-next-button", on_next, "info")
        self.all_button = button("tp-guide-all", on_all)
        self.close_button = button("tp-guide-close", on_close)
        row = widgets.HBox([self.previous_button, self.next_button, self.all_button, self.close_button, self.progress])
        row.add_class("tp-guide-row")
        super().__init__([self.title, self.steps, row], layout=widgets.Layout(display="none"), **kwargs)
        self.add_class("tp-lesson-guide")

    def render(self, run: LessonRun, lang: str) -> None:
        """Show ``run``'s guide in ``lang``, or hide the panel when there is none."""
        guide = run.guide
        if guide is None:
            self.layout.display = "none"
            return
        self.title.value = _esc(lesson_text("ui.guide_title", lang))
        # A window of the line that always holds the next move: the last moves played, then the
        # next ones (a whole line of 50 moves would push the buttons and the feedback off-screen).
        first = max(0, min(guide.index - GUIDE_PLAYED_SHOWN, len(guide.steps) - GUIDE_SHOWN))
        last = min(len(guide.steps), first + GUIDE_SHOWN)
        items = []
        for i in range(first, last):
            cls = "tp-guide-done" if i < guide.index else ("tp-guide-next" if i == guide.index else "")
            current = ' aria-current="step"' if i == guide.index else ""
            items.append(
                f'<li value="{i + 1}" class="{cls}"{current}>{_esc(render(guide.step_text(i, run.game), lang))}</li>'
            )
        more = len(guide.steps) - last
        tail = f'<p class="tp-guide-more">{_esc(lesson_text("ui.guide_more", lang, count=more))}</p>' if more else ""
        self.steps.value = f"<ol>{''.join(items)}</ol>{tail}"
        self.progress.value = _esc(lesson_text("ui.guide_progress", lang, done=guide.index, total=len(guide.steps)))
        self.previous_button.description = lesson_text("ui.guide_previous", lang)
        self.previous_button.disabled = guide.index == 0
        self.next_button.description = lesson_text("ui.guide_next", lang)
        self.next_button.disabled = guide.at_end
        self.all_button.description = lesson_text("ui.guide_all", lang)
        self.all_button.disabled = guide.at_end
        self.close_button.description = lesson_text("ui.guide_close", lang)
        self.layout.display = None


class PeakLegend(widgets.HTML):
    """Which colour marks which peak, and how many cards each counts for its bonus (docs/rules.md §1, §3)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("tp-peak-legend")

    def render(self, lang: str) -> None:
        """The legend in ``lang``."""
        parts = [_esc(lesson_text("ui.peak_legend", lang))]
        for p, cls in enumerate(PEAK_CLASSES):
            text = lesson_text(f"ui.peak_{p}", lang, count=len(PEAKS[p]))
            swatch = f'<span class="tp-swatch {cls}" aria-hidden="true"></span>'
            parts.append(f'<span class="tp-peak-item">{swatch}{_esc(text)}</span>')
        self.value = " ".join(parts)


def links_html(lang: str) -> str:
    """The links that open the game in Voila and in JupyterLab (:data:`GAME_LINKS`), with a note."""
    links = "".join(
        f'<p><a class="tp-link-{kind}" href="{_esc(GAME_LINKS[kind])}" target="_blank" rel="noopener">'
        f"{_esc(lesson_text(key, lang))}</a></p>"
        for kind, key in (("voila", "ui.link_voila"), ("lab", "ui.link_lab"))
    )
    return (
        f"<p><strong>{_esc(lesson_text('ui.links_title', lang))}</strong></p>{links}"
        f"<p>{_esc(lesson_text('ui.links_note', lang))}</p>"
    )


class LessonScroller(anywidget.AnyWidget):
    """Keeps the learner in view (browser side, no rules): :meth:`show_lesson` scrolls the lesson's
    title to the top of the page, :meth:`keep_task` brings the instruction and its feedback into
    view when they are not (in Voila and in JupyterLab alike).

    It finds the view as the nearest ``.tp-lessons`` around it.  :attr:`request` is
    ``{"seq": n, "target": selector, "block": "start" | "nearest"}``; each new ``seq`` scrolls once.
    """

    _esm = static.text("lesson_scroller.js")
    request = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("tp-bridge")
        self._seq = 0

    def _ask(self, target: str, block: str) -> None:
        self._seq += 1
        self.request = {"seq": self._seq, "target": target, "block": block}

    def show_lesson(self) -> None:
        """Scroll the lesson's title (``.tp-lesson-title``) to the top of the view."""
        self._ask(".tp-lesson-title", "start")

    def keep_task(self) -> None:
        """Bring the instruction and its feedback (``.tp-lesson-task``) into view, if they are not."""
        self._ask(".tp-lesson-task", "nearest")
