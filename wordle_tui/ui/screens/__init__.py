"""The app's screens: one per mode, and the dialogs over them."""
