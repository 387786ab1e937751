"""The app's views (ipywidgets and anywidget): each builds its widgets once and observes the model."""
