"""Telling a screen reader something once, as it happens (an error, a limit stop): what a
person sees appear while looking elsewhere. Qt sends it over AT-SPI as an announcement
(object:announcement, which Orca speaks), to UI Automation and VoiceOver as theirs."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget


def announce(widget: QWidget, text: str, urgent: bool = False) -> None:
    """Have a screen reader say `text`, from `widget` (where it shows). `urgent`: at once,
    interrupting what it was saying (an error); else after it (a normal stop)."""
    if not text or not QAccessible.isActive():
        return  # no reader listening: nothing to build
    event = QAccessibleAnnouncementEvent(widget, text)
    politeness = QAccessible.AnnouncementPoliteness
    event.setPoliteness(politeness.Assertive if urgent else politeness.Polite)
    QAccessible.updateAccessibility(event)
