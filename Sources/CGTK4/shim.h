// GTK 4 for the window host (TextKitGTK). gtk.h brings GDK, GLib/GObject, Pango and Cairo's
// headers; nothing below TextKitGTK imports this module.
#include <gtk/gtk.h>
// g_unix_signal_add: the demo quits cleanly on SIGTERM and snapshots itself on SIGUSR1.
#include <glib-unix.h>

// The host's accessible name, description and value text (gtk_accessible_update_property is
// variadic, which Swift cannot call): each string is set, or the property reset when it is NULL.
static inline void otk_accessible_set_texts(GtkWidget *widget, const char *label, const char *description,
                                            const char *value) {
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    if (label) gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    else gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
    if (description) gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    else gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    if (value) gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, value, -1);
    else gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT);
}

// The host's disabled state (gtk_accessible_update_state is variadic too).
static inline void otk_accessible_set_disabled(GtkWidget *widget, gboolean disabled) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}
