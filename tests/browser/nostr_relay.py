"""A minimal Nostr relay (NIP-01) on loopback, for Play with people's relay path in the browser
tests (issue 41, tests/browser/test_people_hand.py): what trystero's Nostr strategy needs, and no
more. EVENT is stored, acknowledged (OK) and sent to every subscription whose filter matches;
REQ sends the stored events that match, then EOSE, and keeps the subscription; CLOSE ends it.
Filters: ``ids``, ``kinds``, ``authors``, ``since``, ``until`` and single-letter tags (``#x``).
Signatures are not checked (a test's relay; trystero checks nothing of them either).

    python tests/browser/nostr_relay.py --port 8742 [--log FILE]

``--log`` appends one line per message the relay received (its type and size): the test reads it
to know the meeting went through this relay.

A test may make the relay lose announcements, as a busy public relay may: ``["LOSE", n]`` (the
relay answers ``["NOTICE", "losing n"]``) acknowledges the next ``n`` announcements (an EVENT whose
content is ``{"peerId": ...}`` alone: trystero's "I am in this room") and sends them to no one."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

MAX_MESSAGE = 256 * 1024
MAX_STORED = 2_000


def matches(flt: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether `event` passes one NIP-01 filter."""
    if "ids" in flt and event.get("id") not in flt["ids"]:
        return False
    if "kinds" in flt and event.get("kind") not in flt["kinds"]:
        return False
    if "authors" in flt and event.get("pubkey") not in flt["authors"]:
        return False
    if "since" in flt and event.get("created_at", 0) < flt["since"]:
        return False
    if "until" in flt and event.get("created_at", 0) > flt["until"]:
        return False
    for key, wanted in flt.items():
        if key.startswith("#") and len(key) == 2:
            values = {t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == key[1]}
            if not values & set(wanted):
                return False
    return True


def announcement(event: dict[str, Any]) -> bool:
    """Whether `event` is trystero's announcement of a peer in a room (its content: a peer id alone)."""
    try:
        content = json.loads(event.get("content") or "null")
    except (TypeError, ValueError):
        return False
    return isinstance(content, dict) and set(content) == {"peerId"}


class Relay:
    """The relay's events and subscriptions."""

    def __init__(self, log: str | None) -> None:
        self.events: list[dict[str, Any]] = []
        self.subs: dict[tuple[ServerConnection, str], list[dict[str, Any]]] = {}
        self.log = open(log, "a", buffering=1) if log else None
        self.lose = 0  # announcements still to lose (["LOSE", n])

    async def handle(self, ws: ServerConnection) -> None:
        try:
            async for raw in ws:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    await ws.send(json.dumps(["NOTICE", "invalid: not JSON"]))
                    continue
                if not isinstance(msg, list) or not msg:
                    await ws.send(json.dumps(["NOTICE", "invalid: not a message"]))
                    continue
                if self.log:
                    self.log.write(f"{msg[0]} {len(raw)}\n")
                if msg[0] == "EVENT" and len(msg) == 2 and isinstance(msg[1], dict):
                    await self.event(ws, msg[1])
                elif msg[0] == "REQ" and len(msg) >= 3 and isinstance(msg[1], str):
                    filters = [f for f in msg[2:] if isinstance(f, dict)]
                    self.subs[(ws, msg[1])] = filters
                    for event in self.events:
                        if any(matches(f, event) for f in filters):
                            await ws.send(json.dumps(["EVENT", msg[1], event]))
                    await ws.send(json.dumps(["EOSE", msg[1]]))
                elif msg[0] == "LOSE" and len(msg) == 2 and isinstance(msg[1], int) and 0 <= msg[1] <= 100:
                    self.lose = msg[1]
                    await ws.send(json.dumps(["NOTICE", f"losing {msg[1]}"]))
                elif msg[0] == "CLOSE" and len(msg) == 2:
                    self.subs.pop((ws, msg[1]), None)
                else:
                    await ws.send(json.dumps(["NOTICE", f"invalid: {str(msg[0])[:20]}"]))
        finally:
            for key in [k for k in self.subs if k[0] is ws]:
                del self.subs[key]

    async def event(self, ws: ServerConnection, event: dict[str, Any]) -> None:
        if self.lose and announcement(event):
            self.lose -= 1
            if self.log:
                self.log.write("LOST\n")
            await ws.send(json.dumps(["OK", event.get("id", ""), True, ""]))
            return
        self.events = (self.events + [event])[-MAX_STORED:]
        await ws.send(json.dumps(["OK", event.get("id", ""), True, ""]))
        for (conn, sub_id), filters in list(self.subs.items()):
            if any(matches(f, event) for f in filters):
                try:
                    await conn.send(json.dumps(["EVENT", sub_id, event]))
                except Exception:  # noqa: BLE001 - a subscriber gone meanwhile
                    self.subs.pop((conn, sub_id), None)


async def main(port: int, log: str | None) -> None:
    relay = Relay(log)
    async with serve(relay.handle, "127.0.0.1", port, max_size=MAX_MESSAGE):
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--log")
    args = parser.parse_args()
    asyncio.run(main(args.port, args.log))
