"""Post-game analysis: every decision of a saved game rated by search (``homeroom analyse``)."""
