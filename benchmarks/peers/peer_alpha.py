"""The false-alarm level of each of the peer's statistical checks, one definition for all of them.

boa's error budget (theory/verify/src/error_budget.cpp) counts the peer's checks at this level;
autograd_check.sh states their number ("N checks in all"). 5e-7 since 2026-12-02: the suite's
false-alarm promise (<= 1e-3) had no room left for the 62 checks at 1e-6, so their share was
halved (z 4.89 -> 5.03; the Gram bound at N = M = 1000 0.174 -> 0.178). Every mutant the peer
kills is caught far beyond either threshold (the smallest margin: the Gram mutant's D = 0.89).
"""
from statistics import NormalDist

ALPHA = 5e-7
Z = NormalDist().inv_cdf(1 - ALPHA / 2)  # two-sided z-tests: z_{1 - ALPHA/2} = 5.026
