"""The cost line under the limits: this chat's tokens as the controller counted them,
and what they cost at the prices the user entered for the model. Nothing is estimated
where nothing is known: no token counts, no line; no price, no cost."""

from __future__ import annotations

from dataclasses import dataclass

from .translation import number, translate
from .untrusted_text import in_sentence


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens, as the user entered them for a model."""

    input_per_million: float
    output_per_million: float

    @property
    def known(self) -> bool:
        return self.input_per_million > 0 or self.output_per_million > 0

    def of(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input_per_million + output_tokens * self.output_per_million) / 1_000_000


def cost_line(input_tokens: int, output_tokens: int, model: str | None, price: Price | None) -> str:
    """One line, or "" when the controller reported no tokens for this chat."""
    if input_tokens <= 0 and output_tokens <= 0:
        return ""
    tokens = translate("CostLine", "This chat: {input} tokens in · {output} out").format(
        input=number(input_tokens), output=number(output_tokens)
    )
    if price is not None and price.known and model:
        cost = translate("CostLine", "≈ ${cost} at the prices set for {model}")
        return tokens + " · " + cost.format(cost=number(price.of(input_tokens, output_tokens), 4), model=in_sentence(model))
    if model:
        return tokens + " · " + translate("CostLine", "enter {model}'s prices in LLM settings to see the cost").format(model=in_sentence(model))
    return tokens
