"""The app's model, without widgets: the play session, the lesson session and the browser keeper."""
