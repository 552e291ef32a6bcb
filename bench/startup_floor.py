"""The floor of bench/startup.py: what any PySide6 program pays to paint a window like
this app's first frame, with none of the app's Python (no argparse, settings,
translations, no modules of its own). It touches the same Qt classes the app's first
frame does (PySide builds each class's Python enums on first touch: the `Qt`
namespace's 94 alone take 14 ms) and shows about the same widgets (menu bar, combo
boxes, a search box, a list, the message box, spin boxes, a splitter), then quits
once painted, as the bare program does. The app cannot start faster than this
without touching fewer Qt classes or showing less; keep it in step with the window.
"""
import sys
from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QMargins, QObject, QPoint, QPointF, QRectF, QSize, QStandardPaths, QTimer, QTranslator, Qt, Signal  # noqa: F401 - their enums
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QIcon, QKeyEvent, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QFormLayout, QFrame, QGroupBox, QHBoxLayout, QLabel,
    QLineEdit, QListWidget, QListWidgetItem, QMainWindow, QMenu, QMenuBar, QPlainTextEdit, QPushButton, QScrollArea,
    QSizePolicy, QSpinBox, QSplitter, QStatusBar, QToolButton, QVBoxLayout, QWidget)

class Window(QMainWindow):
    def paintEvent(self, event):
        super().paintEvent(event)
        QTimer.singleShot(0, app.quit)

app = QApplication([sys.argv[0], "-style", "Fusion"])
w = Window()
w.resize(1280, 800)
for title in ("&File", "&View", "&Copilot", "&Help"):
    w.menuBar().addMenu(title)
body = QWidget(); bl = QVBoxLayout(body)
top = QHBoxLayout(); top.addWidget(QLabel("Not signed in"), 1); top.addWidget(QPushButton("Sign in…")); bl.addLayout(top)
line = QFrame(); line.setFrameShape(QFrame.Shape.HLine); bl.addWidget(line)
split = QSplitter(Qt.Orientation.Horizontal); bl.addWidget(split, 1)
left = QWidget(); ll = QVBoxLayout(left)
b = QLabel("Project"); f = QFont(b.font()); f.setBold(True); b.setFont(f); ll.addWidget(b)
c = QComboBox(); c.setPlaceholderText("No project"); ll.addWidget(c)
row = QHBoxLayout(); row.addWidget(QLabel("Chats"), 1); row.addWidget(QPushButton("New chat")); ll.addLayout(row)
c2 = QComboBox(); c2.addItems(["All chats", "Pinned"]); ll.addWidget(c2)
e = QLineEdit(); e.setPlaceholderText("Search this project's chats"); e.setClearButtonEnabled(True); ll.addWidget(e)
lst = QListWidget(); ll.addWidget(lst, 1)
centre = QWidget(); cl = QVBoxLayout(centre)
area = QScrollArea(); inner = QWidget(); il = QVBoxLayout(inner); ph = QLabel("Sign in to a GNS3 controller to start.")
ph.setAlignment(Qt.AlignmentFlag.AlignHCenter); ph.setWordWrap(True); ph.setTextFormat(Qt.TextFormat.PlainText); il.addWidget(ph); il.addStretch(1)
area.setWidget(inner); area.setWidgetResizable(True); area.setFrameShape(QFrame.Shape.NoFrame); cl.addWidget(area, 1)
comp = QHBoxLayout(); pe = QPlainTextEdit(); pe.setPlaceholderText("Ask the Copilot…  (Enter sends, Shift+Enter for a new line, Esc stops)")
pe.setFixedHeight(78); comp.addWidget(pe, 1); s = QPushButton("Send"); s.setEnabled(False); comp.addWidget(s, 0, Qt.AlignmentFlag.AlignTop); cl.addLayout(comp)
right = QWidget(); rl = QVBoxLayout(right); g = QGroupBox("Runtime limits"); fl = QFormLayout(g)
sp = QSpinBox(); sp.setRange(1, 100); sp.setValue(20); fl.addRow("Max iterations", sp)
sp2 = QSpinBox(); sp2.setValue(15); sp2.setEnabled(False); r2 = QHBoxLayout(); r2.addWidget(sp2, 1); cb = QCheckBox("Unlimited"); cb.setChecked(True); r2.addWidget(cb); fl.addRow("Max tool calls", r2)
fl.addRow("Preset", QComboBox()); r3 = QHBoxLayout(); r3.addWidget(QPushButton("Save as…")); r3.addWidget(QPushButton("Delete…")); fl.addRow(r3)
tb = QToolButton(); tb.setText("More limits"); tb.setArrowType(Qt.ArrowType.RightArrow); tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon); fl.addRow(tb)
rl.addWidget(g); rl.addStretch(1)
for part in (left, centre, right): split.addWidget(part)
split.setSizes([270, 740, 270])
w.setCentralWidget(body); w.setStatusBar(QStatusBar())
w.show()
app.exec()
