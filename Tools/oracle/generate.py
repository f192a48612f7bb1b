#!/usr/bin/env python3
"""Regenerates the oracle fixtures: python3 Tools/oracle/generate.py

Each reference scene runs in Box2D 2.3 (pybox2d) through uikit_model.py and is written, with the
scene itself, to Tests/UIDynamicsTests/Fixtures/<name>.json (keys sorted, full precision).

Tolerances come from the oracle itself (see `spread_and_tolerance`): every scene is run twice more
with one item's start moved by 1e-4 pt (once along x, once along y). How far those runs drift from
the unmoved one is the oracle's own float32 spread: it says how strongly the scene amplifies a
round-off-sized difference, tick by tick. The fixture records the spread, the window of ticks in
which the scene is not chaotic, and the tolerances derived from both; OracleTests holds scenerun to
them.
"""
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from uikit_model import run  # noqa: E402

B = [0, 0, 390, 844]
box = lambda iid, cx, cy, w=100, h=100, r=0.0: dict(id=iid, size=[w, h], center=[cx, cy], rotation=r)

SCENES = [
    dict(name='free-fall', bounds=B, ticks=60, items=[box(1, 195, 100)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])}]),
    dict(name='free-fall-no-resistance', bounds=B, ticks=60, items=[box(1, 195, 100)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'item': dict(items=[1], resistance=0, angularResistance=0)}]),
    dict(name='pendulum-rigid', bounds=B, ticks=240, items=[box(1, 295, 300, 40, 40)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'attachment': dict(item=1, offset=[0, -10], anchor=[195, 300], frequency=0, damping=0)}]),
    dict(name='spring-damped', bounds=B, ticks=240, items=[box(1, 195, 600)],
         behaviors=[{'attachment': dict(item=1, anchor=[195, 300], length=150, frequency=2, damping=0.3)}]),
    dict(name='drop-onto-boundary', bounds=B, ticks=240, items=[box(1, 195, 500)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'collision': dict(items=[1], mode='everything', insets=[0, 0, 0, 0])}]),
    dict(name='bounce-elasticity', bounds=B, ticks=180, items=[box(1, 195, 400, 80, 80)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'collision': dict(items=[1], mode='everything', insets=[0, 0, 0, 0])},
                    {'item': dict(items=[1], elasticity=0.6, allowsRotation=False)}]),
    dict(name='snap', bounds=B, ticks=120, items=[box(1, 100, 100, 100, 50)],
         behaviors=[{'snap': dict(item=1, point=[300, 200], damping=0.5)}]),
    dict(name='push-continuous', bounds=B, ticks=60, items=[box(1, 100, 400)],
         behaviors=[{'push': dict(items=[1], mode='continuous', direction=[2, 0])}]),
    dict(name='push-continuous-offset', bounds=B, ticks=60, items=[box(1, 100, 400)],
         behaviors=[{'push': dict(items=[1], mode='continuous', direction=[2, 0], offsets={'1': [0, 30]})}]),
    dict(name='push-instantaneous', bounds=B, ticks=60, items=[box(1, 100, 400)],
         behaviors=[{'push': dict(items=[1], mode='instantaneous', direction=[1, 0.5])}]),
    dict(name='push-instantaneous-offset', bounds=B, ticks=60, items=[box(1, 100, 400)],
         behaviors=[{'push': dict(items=[1], mode='instantaneous', direction=[1, 0], offsets={'1': [0, -40]})}]),
    dict(name='stack-of-ten', bounds=B, ticks=300, items=[box(i + 1, 195, 800 - 41 * i, 40, 40) for i in range(10)],
         behaviors=[{'gravity': dict(items=list(range(1, 11)), direction=[0, 1])},
                    {'collision': dict(items=list(range(1, 11)), mode='everything', insets=[0, 0, 0, 0])}]),
    dict(name='two-items-colliding', bounds=B, ticks=120, items=[box(1, 100, 400, 60, 60), box(2, 300, 410, 60, 60)],
         behaviors=[{'collision': dict(items=[1, 2], mode='items', insets=None)},
                    {'item': dict(items=[1], linearVelocity=[300, 0], resistance=0)},
                    {'item': dict(items=[2], linearVelocity=[-200, 0], resistance=0)}]),
    dict(name='sliding-attachment', bounds=B, ticks=180, items=[box(1, 195, 500, 390, 400)],
         behaviors=[{'attachment': dict(item=1, anchor=[195, 500], kind='sliding', axis=[0, 1], range=[-100, 300])},
                    {'gravity': dict(items=[1], direction=[0.3, 1])}]),
    dict(name='shade-settle', bounds=B, ticks=300, items=[box(1, 195, -300, 390, 844)],
         behaviors=[{'attachment': dict(item=1, anchor=[195, 844], length=422, frequency=3, damping=0.1)},
                    {'collision': dict(items=[1], mode='everything', insets=[-844, 0, 0, 0])},
                    {'item': dict(items=[1], elasticity=0.6, allowsRotation=False)}]),
    dict(name='pin-with-limits-and-friction', bounds=B, ticks=240, items=[box(1, 245, 300, 100, 40)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'attachment': dict(item=1, offset=[-50, 0], anchor=[195, 300], kind='pin', range=[-0.6, 0.9], frictionTorque=0.05)}]),
    dict(name='fixed-attachment', bounds=B, ticks=120, items=[box(1, 195, 300, 60, 60, 0.3)],
         behaviors=[{'gravity': dict(items=[1], direction=[0.5, 1])},
                    {'attachment': dict(item=1, offset=[20, 0], anchor=[215, 300], kind='fixed')}]),
    dict(name='limit-rope', bounds=B, ticks=180, items=[box(1, 120, 200, 50, 50)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'attachment': dict(item=1, anchor=[195, 150], kind='limit', length=180)}]),
    dict(name='pivot-at-anchor', bounds=B, ticks=180, items=[box(1, 195, 300, 120, 30)],
         behaviors=[{'gravity': dict(items=[1], direction=[0, 1])},
                    {'attachment': dict(item=1, offset=[-60, 0], anchor=[135, 300])}]),
    dict(name='item-to-item-spring', bounds=B, ticks=180, items=[box(1, 100, 300, 60, 60), box(2, 300, 320, 80, 40)],
         behaviors=[{'attachment': dict(item=1, offset=[10, 10], to=2, toOffset=[-20, 0], length=120, frequency=1.5, damping=0.2)},
                    {'item': dict(items=[2], linearVelocity=[0, 200], angularVelocity=2)}]),
    dict(name='field-linear-gravity', bounds=B, ticks=90, items=[box(1, 195, 200)],
         behaviors=[{'field': dict(kind='linearGravity', items=[1], strength=2, direction=[0.3, 1])}]),
    dict(name='field-radial-gravity-region', bounds=B, ticks=180, items=[box(1, 295, 422, 40, 40), box(2, 20, 800, 40, 40)],
         behaviors=[{'field': dict(kind='radialGravity', items=[1, 2], position=[195, 422], strength=3, minimumRadius=20,
                                   region=dict(radius=300))},
                    {'item': dict(items=[1], resistance=0, linearVelocity=[0, 173.2])}]),
    dict(name='field-spring-and-drag', bounds=B, ticks=180, items=[box(1, 300, 422, 60, 60)],
         behaviors=[{'field': dict(kind='spring', items=[1], position=[195, 422], strength=20)},
                    {'field': dict(kind='drag', items=[1], strength=0.5, region=dict(size=[200, 900]))},
                    {'item': dict(items=[1], resistance=0)}]),
    dict(name='field-vortex-electric', bounds=B, ticks=120, items=[box(1, 250, 422, 50, 50)],
         behaviors=[{'field': dict(kind='vortex', items=[1], position=[195, 422], strength=0.2)},
                    {'field': dict(kind='electric', items=[1], position=[195, 422], strength=0.5, falloff=1, minimumRadius=10)},
                    {'item': dict(items=[1], charge=2)}]),
]

# Coverage scenes (issue 14): one or more per engine path the scenes above leave out; the table in
# docs/physics.md ("Coverage") says which path each exercises.
ball = lambda iid, cx, cy, d: dict(id=iid, size=[d, d], center=[cx, cy], rotation=0.0, shape='ellipse')
oval = lambda iid, cx, cy, w, h, r=0.0: dict(id=iid, size=[w, h], center=[cx, cy], rotation=r, shape='ellipse')
path = lambda iid, cx, cy, w, h, pts, r=0.0: dict(id=iid, size=[w, h], center=[cx, cy], rotation=r, shape=pts)
grav = lambda ids, d=(0, 1): {'gravity': dict(items=list(ids), direction=list(d))}
walls = lambda ids, mode='everything': {'collision': dict(items=list(ids), mode=mode, insets=[0, 0, 0, 0])}
RAMP = [[0, 500], [100, 530], [200, 562], [300, 590], [390, 620]]      # an open path boundary, bent at each vertex
PAIR = [box(1, 150, 300, 60, 40), box(2, 240, 330, 50, 50, 0.2)]
PAIR_BEH = [grav([2], (0, 0.5)),
            {'item': dict(items=[1], angularVelocity=1.5)},
            {'item': dict(items=[2], linearVelocity=[0, -100])}]
SLEEP = dict(bounds=[0, 0, 400, 400], ticks=60, items=[box(1, 100, 100, 50, 50)])

SCENES += [
    # ellipses: a circle (circle shape) and an 8-gon (polygon) rolling and coming to rest
    dict(name='circle-rolling', bounds=B, ticks=180, items=[ball(1, 60, 823, 40)],
         behaviors=[grav([1]), walls([1]), {'item': dict(items=[1], linearVelocity=[250, 0], friction=0.6)}]),
    dict(name='circle-resting', bounds=B, ticks=300, items=[ball(1, 195, 600, 50)],
         behaviors=[grav([1]), walls([1])]),
    dict(name='ellipse8-rolling', bounds=B, ticks=180, items=[oval(1, 80, 800, 60, 40)],
         behaviors=[grav([1]), walls([1]), {'item': dict(items=[1], linearVelocity=[200, 0], angularVelocity=8, friction=0.6)}]),
    dict(name='ellipse8-resting', bounds=B, ticks=300, items=[oval(1, 195, 650, 80, 50, 0.4)],
         behaviors=[grav([1]), walls([1])]),
    # a small ellipse: fewer than 8 vertices (perimeter / 10 pt rounded: 6)
    dict(name='ellipse-small-polygon', bounds=B, ticks=240, items=[oval(1, 195, 700, 24, 14, 0.3)],
         behaviors=[grav([1]), walls([1]), {'item': dict(items=[1], angularVelocity=3)}]),
    # a box that rests and falls asleep is woken by another landing on it
    dict(name='wake-on-contact', bounds=B, ticks=240, items=[box(1, 195, 822, 40, 40), box(2, 205, 100, 40, 40)],
         behaviors=[grav([1, 2]), walls([1, 2])]),
    # the remaining shape pairs: circle-edge (no ghost vertices; the ball rolls off the edge's end),
    # circle-polygon, circle-circle
    dict(name='ball-on-edge', bounds=B, ticks=150, items=[ball(1, 80, 560, 30)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None,
                                                  boundaries=[dict(id='slope', points=[[40, 600], [300, 700]])])}]),
    dict(name='ball-on-box', bounds=B, ticks=180, items=[box(1, 195, 812, 120, 60, 0.02), ball(2, 215, 400, 40)],
         behaviors=[grav([1, 2]), walls([1, 2])]),
    dict(name='balls-colliding', bounds=B, ticks=90, items=[ball(1, 60, 400, 50), ball(2, 250, 420, 40)],
         behaviors=[{'collision': dict(items=[1, 2], mode='items', insets=None)},
                    {'item': dict(items=[1], linearVelocity=[350, 0], angularVelocity=4)}]),
    # a bullet (pushed) at 6000 pt/s into a dynamic body that is not a bullet
    dict(name='bullet-hits-dynamic', bounds=B, ticks=40, items=[box(1, 40, 400, 16, 16), box(2, 300, 395, 20, 60)],
         behaviors=[{'collision': dict(items=[1, 2], mode='items', insets=None)},
                    {'push': dict(items=[1], mode='instantaneous', direction=[1.6, 0])}]),
    # a convex path item standing on a corner tips over
    dict(name='path-tipping', bounds=B, ticks=300,
         items=[path(1, 195, 782, 60, 120, [[-30, -60], [30, -60], [10, 60], [-10, 60], [-25, 0]], 0.35)],
         behaviors=[grav([1]), walls([1])]),
    # multi-segment path boundaries: a box sliding down an open chain, a ball rolling over its vertices
    dict(name='path-boundary-slide', bounds=B, ticks=180, items=[box(1, 40, 488, 30, 30, 0.29)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None,
                                                  boundaries=[dict(id='ramp', points=RAMP, closed=False)])},
                    {'item': dict(items=[1], friction=0.1)}]),
    dict(name='path-boundary-flat-slide', bounds=B, ticks=90, items=[box(1, 30, 582, 30, 30)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None,
                                                  boundaries=[dict(id='floor', points=[[x, 600] for x in range(0, 400, 20)])])},
                    {'item': dict(items=[1], friction=0, linearVelocity=[400, 0], resistance=0)}]),
    # a box landing on its corner next to a chain's interior vertex: the one scene found (150 random
    # tries) where Box2D 2.3 gives a polygon a different path on a chain than on separate edges
    dict(name='path-boundary-corner-at-vertex', bounds=B, ticks=120, items=[box(1, 126, 500, 50, 30, -0.47)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None,
                                                  boundaries=[dict(id='floor', points=[[0, 591], [257, 591], [390, 593]])])},
                    {'item': dict(items=[1], linearVelocity=[585, 128])}]),
    dict(name='path-boundary-ball', bounds=B, ticks=180, items=[ball(1, 30, 492, 30)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None,
                                                  boundaries=[dict(id='ramp', points=RAMP, closed=False)])}]),
    dict(name='closed-path-boundary', bounds=B, ticks=240, items=[box(1, 195, 350, 40, 40, 0.2)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=None, boundaries=[
             dict(id='bowl', points=[[60, 300], [195, 250], [330, 300], [330, 560], [195, 640], [60, 560]], closed=True)])},
                    {'item': dict(items=[1], linearVelocity=[180, 0], elasticity=0.5)}]),
    # a rotated box lands corner-first; a box that may not rotate lands on a slope
    dict(name='rotated-box-corner-landing', bounds=B, ticks=240, items=[box(1, 195, 600, 60, 60, 0.6)],
         behaviors=[grav([1]), walls([1])]),
    dict(name='no-rotation-on-slope', bounds=B, ticks=180, items=[box(1, 120, 500, 50, 50)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=[0, 0, 0, 0],
                                                  boundaries=[dict(id='slope', points=[[40, 560], [350, 700]])])},
                    {'item': dict(items=[1], allowsRotation=False)}]),
    # item-item contact off centre: both spin
    dict(name='items-off-centre-collision', bounds=B, ticks=120, items=[box(1, 60, 400, 50, 50), box(2, 250, 435, 60, 40, 0.1)],
         behaviors=[{'collision': dict(items=[1, 2], mode='items', insets=None)},
                    {'item': dict(items=[1], linearVelocity=[400, 0], resistance=0)}]),
    # item-item attachments of every kind, offsets on both items
    dict(name='attach-items-rigid', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12])}] + PAIR_BEH),
    dict(name='attach-items-limit', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12], kind='limit', length=110)}] + PAIR_BEH),
    dict(name='attach-items-fixed', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12], kind='fixed')}] + PAIR_BEH),
    dict(name='attach-items-fixed-soft', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12], kind='fixed',
                                        frequency=3, damping=0.3)}] + PAIR_BEH),
    dict(name='attach-items-pin', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12], kind='pin',
                                        range=[-0.5, 0.7], frictionTorque=0.02)}] + PAIR_BEH),
    dict(name='attach-items-sliding', bounds=B, ticks=120, items=PAIR,
         behaviors=[{'attachment': dict(item=1, offset=[15, -10], to=2, toOffset=[-10, 12], kind='sliding',
                                        axis=[1, 1], range=[-40, 30])}] + PAIR_BEH),
    # pushes at an angle with an offset
    dict(name='push-continuous-angled-offset', bounds=B, ticks=90, items=[box(1, 150, 500, 80, 50, 0.3)],
         behaviors=[{'push': dict(items=[1], mode='continuous', direction=[1.5, -2], offsets={'1': [20, 30]})}]),
    dict(name='push-instantaneous-angled-offset', bounds=B, ticks=90, items=[box(1, 150, 500, 80, 50, -0.2)],
         behaviors=[{'push': dict(items=[1], mode='instantaneous', direction=[0.8, 0.6], offsets={'1': [-25, 15]})}]),
    # snap damping other than 0.5
    dict(name='snap-damping-0.2', bounds=B, ticks=150, items=[box(1, 100, 150, 80, 60, 0.3)],
         behaviors=[{'snap': dict(item=1, point=[280, 500], damping=0.2)}]),
    dict(name='snap-damping-0.9', bounds=B, ticks=150, items=[box(1, 100, 150, 80, 60)],
         behaviors=[{'snap': dict(item=1, point=[280, 500], damping=0.9)}]),
    # collision modes: items only (both fall through the bounds), boundaries only (they pass through
    # each other), and two behaviours of different modes sharing an item
    dict(name='collision-mode-items', bounds=B, ticks=90, items=[box(1, 190, 600, 50, 50), box(2, 200, 780, 50, 50)],
         behaviors=[grav([1, 2]), walls([1, 2], 'items'), {'item': dict(items=[2], linearVelocity=[0, -500])}]),
    dict(name='collision-mode-boundaries', bounds=B, ticks=150, items=[box(1, 190, 600, 50, 50), box(2, 200, 780, 50, 50)],
         behaviors=[grav([1, 2]), walls([1, 2], 'boundaries'), {'item': dict(items=[2], linearVelocity=[0, -500])}]),
    dict(name='collision-modes-combined', bounds=B, ticks=150,
         items=[box(1, 150, 500, 40, 40), box(2, 160, 760, 60, 60), box(3, 250, 300, 40, 40)],
         behaviors=[grav([1, 2, 3]), walls([1, 2], 'items'), walls([2, 3], 'boundaries'),
                    {'item': dict(items=[3], linearVelocity=[-60, 0])}]),
    # time of impact: a 16 pt item at 6500 pt/s against a thin sloped edge, as a bullet (in gravity)
    # and as a plain dynamic body (continuous collision against static bodies); two bullets meeting
    dict(name='toi-bullet-sloped-edge', bounds=B, ticks=60, items=[box(1, 150, 60, 16, 16)],
         behaviors=[grav([1]), {'collision': dict(items=[1], mode='everything', insets=[0, 0, 0, 0],
                                                  boundaries=[dict(id='edge', points=[[40, 500], [360, 620]])])},
                    {'item': dict(items=[1], linearVelocity=[300, 6500])}]),
    dict(name='toi-static-sloped-edge', bounds=B, ticks=60, items=[box(1, 150, 60, 16, 16)],
         behaviors=[{'collision': dict(items=[1], mode='everything', insets=[0, 0, 0, 0],
                                       boundaries=[dict(id='edge', points=[[40, 500], [360, 620]])])},
                    {'item': dict(items=[1], linearVelocity=[800, 6500], resistance=0)}]),
    dict(name='bullets-meeting', bounds=B, ticks=40, items=[box(1, 40, 400, 16, 16), box(2, 350, 405, 16, 16)],
         behaviors=[{'collision': dict(items=[1, 2], mode='items', insets=None)},
                    {'push': dict(items=[1], mode='instantaneous', direction=[1.6, 0])},
                    {'push': dict(items=[2], mode='instantaneous', direction=[-1.6, 0])}]),
    # frame rates: 30 Hz (three or four sub-steps a tick), 120 Hz (the first tick runs none)
    dict(name='frame-rate-30', bounds=B, frameRate=30, ticks=120, items=[box(1, 195, 500, 60, 60, 0.3)],
         behaviors=[grav([1]), walls([1])]),
    dict(name='frame-rate-120', bounds=B, frameRate=120, ticks=480, items=[box(1, 195, 500, 60, 60, 0.3)],
         behaviors=[grav([1]), walls([1])]),
    # an anchored rotated ramp, a box sliding off it onto the floor
    dict(name='anchored-ramp', bounds=B, ticks=240,
         items=[box(1, 195, 600, 300, 20, 0.35), box(2, 110, 520, 40, 40, 0.35)],
         behaviors=[grav([2]), walls([1, 2]), {'item': dict(items=[1], anchored=True)}]),
    # five boxes settling with friction 0.8
    dict(name='stack-five-friction', bounds=B, ticks=300,
         items=[box(i + 1, 195 + (3 if i % 2 else -3), 820 - 41 * i, 40, 40) for i in range(5)],
         behaviors=[grav(range(1, 6)), walls(range(1, 6)), {'item': dict(items=list(range(1, 6)), friction=0.8)}]),
    # an elastic row: a box runs into three at rest, elasticity 1
    dict(name='elastic-row', bounds=B, ticks=120,
         items=[box(1, 40, 400, 40, 40), box(2, 150, 400, 40, 40), box(3, 200, 400, 40, 40), box(4, 250, 400, 40, 40)],
         behaviors=[{'collision': dict(items=[1, 2, 3, 4], mode='items', insets=None)},
                    {'item': dict(items=[1, 2, 3, 4], elasticity=1, resistance=0, angularResistance=0)},
                    {'item': dict(items=[1], linearVelocity=[300, 0])}]),
    # a mixed pile: chaotic once the items hit each other; only what comes before is compared
    dict(name='mixed-pile', bounds=B, ticks=240,
         items=[box(1, 150, 500, 50, 50, 0.1), ball(2, 200, 400, 40), oval(3, 170, 300, 60, 40, 0.5),
                path(4, 220, 200, 60, 60, [[-30, 20], [0, -30], [30, 20]], 0.2), box(5, 180, 100, 70, 30, -0.3),
                ball(6, 120, 50, 30)],
         behaviors=[grav(range(1, 7)), walls(range(1, 7))]),
    # issue 11's sleep-timer repros: Box2D sums the sleep timer in float32, so 60 sub-steps of
    # Float(1/120) fall short of 0.5 s and it takes 61
    dict(SLEEP, name='sleep-timer-pause-tick',
         behaviors=[{'item': dict(items=[1], linearVelocity=[1.05, 0], resistance=5, angularResistance=0)}]),
    dict(SLEEP, name='sleep-timer-rest-position',
         behaviors=[{'item': dict(items=[1], linearVelocity=[0.9, 0], resistance=0, angularResistance=0)}]),
]

# groups (UIDynamicItemGroup, issue 27): one body with a fixture per item at its offset. A box and a
# ball fall as one and land tilted, ball first; a rotated box and an 8-gon ellipse, heavier and
# bouncier through an item behaviour naming the group, land next to a ball that hits them.
group = lambda iid, items, cx, cy, w, h: dict(id=iid, group=items, size=[w, h], center=[cx, cy], rotation=0.0)
SCENES += [
    dict(name='group-lands-tilted', bounds=B, ticks=240,
         items=[box(1, 150, 300, 60, 40), ball(2, 195, 330, 40), group(3, [1, 2], 167.5, 315, 95, 70)],
         behaviors=[grav([3]), walls([3])]),
    dict(name='group-with-materials', bounds=B, ticks=240,
         items=[box(1, 150, 500, 60, 40, 0.3), oval(2, 215, 510, 50, 30), group(3, [1, 2], 180, 505, 100, 60),
                ball(4, 260, 300, 30)],
         behaviors=[grav([3, 4]), walls([3, 4]),
                    {'item': dict(items=[3], density=2, elasticity=0.5, angularVelocity=1)}]),
]

NUDGE = 1e-4          # pt: how far one start is moved to measure the oracle's spread
FACTOR = 10           # tolerance = FACTOR x spread + float32 floor (see spread_and_tolerance)
CHAOS = 0.01          # pt: a spread above this (100x the nudge) marks the scene chaotic from that tick


def per_item(row, n):
    """(centre x, centre y, rotation, vx, vy, angular velocity) of each item in a fixture row."""
    return [row[1 + 6 * k: 7 + 6 * k] for k in range(n)]


def pause_tick(rows):
    for k, row in enumerate(rows):
        if row[-1] == 0:
            return k + 1
    return None


def event_key(e):
    return (e['tick'], e['began'], tuple(sorted(e['items'])), e['boundary'])


def match_events(a, b):
    """Pairs events of two runs with the same tick, kind, items and boundary; returns the pairs and
    whether every event found its partner."""
    left = list(b)
    pairs = []
    for e in a:
        for i, o in enumerate(left):
            if event_key(o) == event_key(e):
                pairs.append((e, o))
                del left[i]
                break
        else:
            return pairs, False
    return pairs, not left


def ulp32(x):
    return float(np.spacing(np.float32(abs(x))))


def spread_and_tolerance(scene, rows, events):
    """The oracle's own float32 spread and the tolerances derived from it.

    For each item, four more runs move its start by NUDGE pt along +x, -x, +y and -y. Per tick,
    the spread of a quantity is the largest difference between those runs and the unmoved one,
    over all items: centre (pt), rotation (rad), velocity (pt/s), angular velocity (rad/s).

    Contact events and the pause tick are discrete: a contact that begins a tick later when an
    item is FACTOR x NUDGE pt elsewhere is not a fact of the scene at the tolerances below (which
    admit differences of that size). So four more runs per item move its start by FACTOR x NUDGE.

    The scene is treated as chaotic from the first tick at which the position spread exceeds CHAOS
    (the nudge amplified 100 times) or any moved run's contact events differ from the unmoved
    run's (a contact a tick earlier or later, or another pair): `window` is the number of ticks
    before that (all ticks when it never happens). Trajectories and events are compared only
    inside the window; the pause tick only when all runs pause on the same tick (else
    `pauseTicks` is how far apart they pause, or None when some of them never pause).

    A contact point is the manifold point with the larger impulse; when a flat face lands, the two
    impulses are equal but for round-off and the point may be either end of the face. So each
    began event gets its own `pointTolerance`: FACTOR x the largest distance between its point and
    the matching event's point in the moved runs, plus the position floor.

    Tolerance of a quantity q over the window: FACTOR x spread(q) + n x ulp32(max |q|) / 2, where n
    is the number of sub-steps in the window (for rotation and angular velocity at least the
    position and velocity floors divided by the smallest item's half diagonal). The second term is what float32 rounding alone can
    accumulate without any amplification (half a unit in the last place per sub-step, in the
    oracle's units: metres, radians, m/s, rad/s), which the nudge cannot show for quantities it
    does not disturb (a free fall's velocity). FACTOR = 10: scenerun (double) differs from the
    oracle by a rounding at every operation of every sub-step, not by one nudge at the start;
    10 nudges' worth covers that without admitting a different algorithm.
    """
    n = len(scene['items'])
    moves = ((1, 0), (-1, 0), (0, 1), (0, -1))
    ids = [it['id'] for it in scene['items']]
    runs = [run(scene, (i, NUDGE * dx, NUDGE * dy)) for i in ids for dx, dy in moves]
    wide = [run(scene, (i, FACTOR * NUDGE * dx, FACTOR * NUDGE * dy)) for i in ids for dx, dy in moves]
    ticks = len(rows)
    spread = [[0.0] * 4 for _ in range(ticks)]
    for prow, _ in runs:
        for k in range(ticks):
            for a, b in zip(per_item(rows[k], n), per_item(prow[k], n)):
                d = [max(abs(a[0] - b[0]), abs(a[1] - b[1])), abs(a[2] - b[2]),
                     max(abs(a[3] - b[3]), abs(a[4] - b[4])), abs(a[5] - b[5])]
                spread[k] = [max(x, y) for x, y in zip(spread[k], d)]
    window = ticks
    for k in range(ticks):
        if spread[k][0] > CHAOS:
            window = k
            break
    for _, pev in runs + wide:
        mine = [e for e in events if e['tick'] <= window]
        theirs = [e for e in pev if e['tick'] <= window]
        while True:
            _, same = match_events(mine, theirs)
            if same:
                break
            first = min(e['tick'] for e in mine + theirs
                        if not any(event_key(e) == event_key(o) for o in (theirs if e in mine else mine)))
            window = min(window, first - 1)
            mine = [e for e in mine if e['tick'] <= window]
            theirs = [e for e in theirs if e['tick'] <= window]
    # spreads and magnitudes inside the window
    sp = [max([spread[k][q] for k in range(window)], default=0.0) for q in range(4)]
    mag = [0.0] * 4
    for k in range(window):
        for a in per_item(rows[k], n):
            mag = [max(mag[0], abs(a[0]) / 100, abs(a[1]) / 100), max(mag[1], abs(a[2])),
                   max(mag[2], abs(a[3]) / 100, abs(a[4]) / 100), max(mag[3], abs(a[5]))]
    substeps = 0
    acc, h, dt = 0.0, float(np.float32(1.0 / 120.0)), 1.0 / scene.get('frameRate', 60)
    for _ in range(window):
        acc += dt
        while acc >= h:
            acc -= h
            substeps += 1
    scale = [100.0, 1.0, 100.0, 1.0]      # oracle units -> fixture units (pt, rad, pt/s, rad/s)
    floor = [substeps * ulp32(m) / 2 * s for m, s in zip(mag, scale)]
    # A rotation is seen through the item's outline: turning by d rad moves a point at radius r by
    # r*d. So rotation and angular velocity are allowed at least the position (velocity) floor
    # seen at the largest radius of the smallest item: near 0 rad their own ulp says nothing.
    r = min(0.5 * math.hypot(*it['size']) for it in scene['items'])
    floor[1] = max(floor[1], floor[0] / r)
    floor[3] = max(floor[3], floor[2] / r)
    tol = [FACTOR * x + f for x, f in zip(sp, floor)]
    # contact points: the same rule per event, spread measured between matching events of the runs
    ep = 0.0
    spreads = [0.0] * len(events)
    for _, pev in runs + wide:
        pairs, _ = match_events([e for e in events if e['tick'] <= window], [e for e in pev if e['tick'] <= window])
        for e, o in pairs:
            if e['began']:
                d = math.hypot(e['point'][0] - o['point'][0], e['point'][1] - o['point'][1])
                k = next(j for j, x in enumerate(events) if x is e)
                spreads[k] = max(spreads[k], d)
    for e, d in zip(events, spreads):
        if e['began'] and e['tick'] <= window:
            e['pointTolerance'] = FACTOR * d + floor[0]
            ep = max(ep, d)
    pauses = [pause_tick(rows)] + [pause_tick(r) for r, _ in runs + wide]
    if any(p is None for p in pauses):
        pause_tol = 0 if all(p is None for p in pauses) else None
    else:
        pause_tol = max(pauses) - min(pauses)
    spread_out = dict(position=sp[0], rotation=sp[1], velocity=sp[2], angularVelocity=sp[3], eventPoint=ep,
                      pauseTicks=pauses, floor=dict(position=floor[0], rotation=floor[1], velocity=floor[2],
                                                    angularVelocity=floor[3]), substeps=substeps)
    tolerance = dict(window=window, position=tol[0], rotation=tol[1], velocity=tol[2], angularVelocity=tol[3],
                     pauseTicks=pause_tol)
    return spread_out, tolerance


def main():
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
    out_dir = os.path.join(root, 'Tests', 'UIDynamicsTests', 'Fixtures')
    os.makedirs(out_dir, exist_ok=True)
    for scene in SCENES:
        rows, events = run(scene)
        spread, tolerance = spread_and_tolerance(scene, rows, events)
        data = dict(scene=scene, rows=rows, events=events, spread=spread, tolerance=tolerance,
                    columns='elapsed, then per item: centerX, centerY, rotation, velocityX, velocityY, angularVelocity '
                            '(points, radians, points/s, radians/s), then running (0/1)')
        path = os.path.join(out_dir, scene['name'] + '.json')
        tmp = path + '.tmp'
        with open(tmp, 'w') as f:
            json.dump(data, f, sort_keys=True, indent=1)
            f.write('\n')
        os.replace(tmp, path)
        print(f"{scene['name']}: {len(rows)} ticks, {len(events)} events, window {tolerance['window']}, "
              f"spread {spread['position']:.3g} pt -> tolerance {tolerance['position']:.3g} pt, "
              f"{tolerance['velocity']:.3g} pt/s, pause ticks {spread['pauseTicks']}")


if __name__ == '__main__':
    main()
