"""Accessibility checks run in the page: axe-core (axe-playwright-python) and computed text contrast.

:func:`axe_problems` runs axe-core on the page and returns its serious and
critical violations, one line each.  :func:`contrast_report` measures the
contrast of every visible text on the page: for each element holding text
(and each text field and menu), the text colour against every colour that can
lie behind it — walking up to the first opaque background, taking each colour
stop of a gradient (the felt, the card backs) and compositing translucent
layers — and keeps the worst.  WCAG AA asks 4.5:1, or 3:1 for large text
(24 px, or 18.66 px bold).  Transparent text (a face-down card's words for
screen readers) and disabled controls are left out, as WCAG exempts them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["axe_problems", "contrast", "contrast_report", "contrast_failures", "CONTRAST_JS"]

CONTRAST_JS = r"""
(scope) => {
  const parse = (s) => {
    const m = s.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const stops = (image) => (image.match(/rgba?\([^)]+\)/g) || []).map(parse);
  const over = (top, under) => {
    const a = top.a;
    return { r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a), b: top.b * a + under.b * (1 - a), a: 1 };
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  // Every colour that can be behind el: layers from el up to the first opaque one, gradients by stop.
  const backgrounds = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const image = cs.backgroundImage && cs.backgroundImage !== "none" ? stops(cs.backgroundImage) : [];
      const colour = parse(cs.backgroundColor) || { r: 0, g: 0, b: 0, a: 0 };
      layers.push({ image, colour });
      if (colour.a >= 1) break;
    }
    let candidates = [{ r: 255, g: 255, b: 255, a: 1 }];  // the canvas under everything
    for (let i = layers.length - 1; i >= 0; i--) {
      const { image, colour } = layers[i];
      let next = candidates.map((c) => (colour.a > 0 ? over(colour, c) : c));
      if (image.length) next = next.flatMap((c) => image.map((s) => over(s, c)));
      candidates = next;
    }
    return candidates;
  };
  const opacity = (el) => { let o = 1; for (let n = el; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none";
  };
  const exempt = (el) => !!el.closest("[disabled], [aria-disabled='true'], .tp-style, .tp-bridge, .mod-disabled, [aria-hidden='true']");
  const root = scope ? document.querySelector(scope) : document.body;
  const out = [];
  const seen = new Set();
  const check = (el, sample) => {
    if (seen.has(el) || exempt(el) || !visible(el)) return;
    seen.add(el);
    const cs = getComputedStyle(el);
    const fg = parse(cs.color);
    if (!fg || fg.a === 0 || parseFloat(cs.fontSize) < 2) return;
    const alpha = fg.a * opacity(el);
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    let worst = Infinity;
    for (const bg of backgrounds(el)) worst = Math.min(worst, ratio(over({ ...fg, a: alpha }, bg), bg));
    const cls = Array.from(el.classList).filter((c) => c.startsWith("tp-")).join(".");
    out.push({ text: sample.slice(0, 60), ratio: Math.round(worst * 100) / 100, need,
               where: el.tagName.toLowerCase() + (cls ? "." + cls : ""), size });
  };
  if (!root) return out;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.textContent.trim();
    if (text && t.parentElement && !["STYLE", "SCRIPT"].includes(t.parentElement.tagName)) check(t.parentElement, text);
  }
  for (const field of root.querySelectorAll("input[type=text], input:not([type]), textarea, select")) {
    const value = field.tagName === "SELECT" ? (field.options[field.selectedIndex] || {}).text || "" : field.value;
    if (value.trim()) check(field, value.trim());
  }
  return out;
}
"""


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio (1–21) of two opaque CSS colours written ``rgb(r, g, b)`` (as a
    computed style gives them)."""
    import re

    def luminance(css: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", css)[:3]]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def contrast_report(page: Any, scope: str | None = None) -> list[dict[str, Any]]:
    """One entry per visible text element of ``page`` (inside ``scope``, a CSS selector, if given):
    ``text``, ``ratio`` (the worst contrast found), ``need`` (4.5 or 3), ``where``, ``size`` (px)."""
    return list(page.evaluate(CONTRAST_JS, scope))


def contrast_failures(page: Any, scope: str | None = None) -> list[str]:
    """The texts of ``page`` below WCAG AA contrast, one line each (empty when all pass)."""
    return [
        f"{e['where']} {e['text']!r}: {e['ratio']}:1 < {e['need']}:1"
        for e in contrast_report(page, scope)
        if e["ratio"] < e["need"]
    ]


def axe_problems(
    page: Any, context: str | None = None, impacts: tuple[str, ...] = ("serious", "critical")
) -> list[str]:
    """axe-core's violations on ``page`` (within ``context``, a CSS selector) of the given impacts."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context, options={"resultTypes": ["violations"]})
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]} — {v['help']}"
        for v in results.response["violations"]
        if v["impact"] in impacts
    ]
