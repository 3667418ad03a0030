"""The app kit: the :class:`~agentcore.appkit.plugin.AppPlugin` protocol every app implements and the registry of apps.

It sits between the library and the apps: apps import it to describe themselves; the server and the command line
loop over :data:`~agentcore.appkit.registry.APPS`.  It is not an app, so the "no app imports another" contract does
not see it.
"""
