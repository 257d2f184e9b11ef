#!/usr/bin/python3
# A stand-in for the desktop's notification daemon (org.freedesktop.Notifications, spec 1.2) on
# the session bus named by DBUS_SESSION_BUS_ADDRESS: it keeps ids as a real server does (a new
# one per notification, the same one for replaces_id) and prints every call as one JSON line on
# stdout for tst_dbusnotificationsink. Needs python3-dbus and python3-gi.
import json
import sys

try:
    import dbus
    import dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
except ImportError as error:
    print(json.dumps({"error": "python3-dbus or python3-gi missing: %s" % error}), flush=True)
    sys.exit(3)

IFACE = "org.freedesktop.Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.next_id = 1

    @dbus.service.method(IFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "persistence"]

    @dbus.service.method(IFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("teamai-test-notifyd", "teamai", "1", "1.2")

    @dbus.service.method(IFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout):
        nid = int(replaces_id)
        if nid == 0:
            nid = self.next_id
            self.next_id += 1
        print(json.dumps({"call": "Notify", "app_name": str(app_name), "replaces_id": int(replaces_id), "id": nid,
                          "app_icon": str(app_icon), "summary": str(summary), "body": str(body),
                          "urgency": int(hints.get("urgency", -1)),
                          "desktop_entry": str(hints.get("desktop-entry", ""))}), flush=True)
        return dbus.UInt32(nid)

    @dbus.service.method(IFACE, in_signature="u", out_signature="")
    def CloseNotification(self, nid):
        self.NotificationClosed(nid, dbus.UInt32(3))

    @dbus.service.signal(IFACE, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
server = Server(bus)
name = dbus.service.BusName(IFACE, bus, do_not_queue=True)
print(json.dumps({"ready": True}), flush=True)
GLib.MainLoop().run()
