#!/usr/bin/env python3
"""Regenerates the oracle fixtures: python3 Tools/oracle/generate.py

Each reference scene runs in Box2D 2.3 (pybox2d) through uikit_model.py and is written, with the
scene itself, to Tests/UIDynamicsTests/Fixtures/<name>.json (keys sorted, full precision).
"""
import json
import os
import sys

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


def main():
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
    out_dir = os.path.join(root, 'Tests', 'UIDynamicsTests', 'Fixtures')
    os.makedirs(out_dir, exist_ok=True)
    for scene in SCENES:
        rows, events = run(scene)
        data = dict(scene=scene, rows=rows, events=events,
                    columns='elapsed, then per item: centerX, centerY, rotation (points, radians), then running (0/1)')
        path = os.path.join(out_dir, scene['name'] + '.json')
        tmp = path + '.tmp'
        with open(tmp, 'w') as f:
            json.dump(data, f, sort_keys=True, indent=1)
            f.write('\n')
        os.replace(tmp, path)
        print(f"{scene['name']}: {len(rows)} ticks, {len(events)} events")


if __name__ == '__main__':
    main()
