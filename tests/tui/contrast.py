"""Whether text can be read on its background, by WCAG's contrast ratio."""

from __future__ import annotations


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours: 1 (the same) to 21 (black on white);
    3 is the least for large text, such as the table's big letters and titles."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(v) for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)
