"""The growth benchmark's own arithmetic: exact top-K over streamed blocks, the correlated pair halves,
and the fit and extrapolation behind the README's scaling table (no store is built here)."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.kb import unit
from benchmarks.scale import (
    DIMS,
    ExactTop,
    Source,
    extrapolate,
    fit,
    make_shapes,
    similarity_correlation,
)


def test_exact_top_over_blocks_equals_one_full_search() -> None:
    rng = np.random.default_rng(0)
    stored, queries = unit(rng.normal(size=(1000, 8))), unit(rng.normal(size=(5, 8)))
    exact = ExactTop(len(queries))
    for start in range(0, len(stored), 300):
        exact.add(queries @ stored[start : start + 300].T, start)
    full = np.argsort(-(queries @ stored.T), axis=1, kind="stable")[:, :10]
    assert (exact.index == full).all()


def test_synthetic_pair_halves_correlate_like_the_real_ones() -> None:
    rng = np.random.default_rng(1)
    groups = unit(rng.normal(size=(3, DIMS["text"]))), unit(rng.normal(size=(3, DIMS["image"])))
    group = rng.integers(0, 3, 60)  # real pairs: three kinds, text and image alike within a kind
    pair_text = unit(groups[0][group] + 0.15 * rng.normal(size=(60, DIMS["text"])))
    pair_image = unit(groups[1][group] + 0.15 * rng.normal(size=(60, DIMS["image"])))
    source = Source(unit(rng.normal(size=(200, DIMS["text"]))), pair_text, pair_image, [("t", "d")])
    shapes = make_shapes(source, noise=0.7, centre_noise=0.5, centres=100, seed=3)
    sample = shapes.vectors("pairs", 800, np.random.default_rng(4))
    target = similarity_correlation(pair_text, pair_image)
    assert 0 < shapes.rho < 1
    assert similarity_correlation(sample[:, : DIMS["text"]], sample[:, DIMS["text"] :]) == pytest.approx(
        target, abs=0.05
    )
    assert shapes.vectors("text", 4, rng).shape == (4, DIMS["text"])


def point(size: int, **figures: float) -> dict:
    return {"size": size, **figures}


def test_fits_extrapolate_linear_and_logarithmic_growth() -> None:
    sizes = (10_000, 100_000, 1_000_000)
    points = [
        point(
            n,
            disk_bytes=4096 + 6000 * n,
            serve_rss_mb=50 + 0.002 * n,
            build_peak_rss_mb=100 + 0.004 * n,
            index_cpu_s_per_record=0.001 + 0.0002 * np.log(n),
            p50_ms=2 + 0.5 * np.log(n),
        )
        for n in sizes
    ]
    assert fit(points, "disk_bytes")(6_000_000) == pytest.approx(4096 + 6000 * 6_000_000)
    big = extrapolate("pairs", points, {"passages_per_cpu_s": 10.0, "images_per_cpu_s": 20.0}, 6_000_000)
    assert big["serve_gib"] == pytest.approx((50 + 0.002 * 6e6) / 1024)
    assert big["embed_core_hours"] == pytest.approx(6e6 * (1 / 10 + 1 / 20) / 3600)
    index_hours = 6e6 * (0.001 + 0.0002 * np.log(6e6)) / 3600
    assert big["index_core_hours"] == pytest.approx(index_hours)
    assert big["p50_ms"] == pytest.approx(2 + 0.5 * np.log(6e6))
    text = extrapolate("text", points, {"passages_per_cpu_s": 10.0, "images_per_cpu_s": 20.0}, 2_000_000)
    assert text["embed_core_hours"] == pytest.approx(2e6 / 10 / 3600)  # passages: no image to embed
    assert fit(points[:1], "serve_rss_mb")(20_000) == pytest.approx(2 * (50 + 0.002 * 10_000))
