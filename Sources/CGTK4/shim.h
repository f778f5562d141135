// GTK 4 for the window host (TextKitGTK). gtk.h brings GDK, GLib/GObject, Pango and Cairo's
// headers; nothing below TextKitGTK imports this module.
#include <gtk/gtk.h>
// g_unix_signal_add: the demo quits cleanly on SIGTERM and snapshots itself on SIGUSR1.
#include <glib-unix.h>
