"""Maximum expected information."""

from __future__ import annotations

import numpy as np

from ..figures import Figures
from ..model import State
from .base import Strategy


class Entropy(Strategy):
    name = "entropy"
    description = "maximum expected information, in bits"

    def scores(self, state: State, figures: Figures) -> np.ndarray:
        return figures.entropy
