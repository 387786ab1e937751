# Voila settings for a class: one server, many students.  Used by the README's launch command:
#     voila --Voila.config_file_paths=config notebooks/tripeaks.ipynb
# (from the repository root).  Any of these can be overridden on the command line,
# e.g. --pool_size=4 or --MappingKernelManager.cull_idle_timeout=600.
import os

c = get_config()  # noqa: F821 (provided by traitlets when Voila loads this file)

# The page's template: Voila's lab template without its requests to a CDN for Font Awesome (the
# icons come from Voila's own files; a school without internet waited for the CDN).  Voila looks
# for templates in the Jupyter data folders; this file's folder holds the template's.
_templates = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jupyter")
os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (_templates, os.environ.get("JUPYTER_PATH", "")) if p)
c.VoilaConfiguration.template = "tripeaks"

# Preheated kernels: a pool of kernels that have already run the notebook (the app is built),
# so a page shows a clickable board sooner (3 s instead of 16-19 s on a busy 2-core machine).  Each
# waiting kernel costs one student's memory (about 110 MB); `tripeaks class-server --kernels N` sets it.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 2

# jupyter_server's kernel manager, except that a kernel's idle clock starts when it leaves the
# pool: without this, a pool kernel that waited longer than cull_idle_timeout is culled while
# its page is still loading (tripeaks/app/server.py explains it).
c.VoilaConfiguration.multi_kernel_manager_class = "tripeaks.app.server.ClassKernelManager"

# Closing or reloading a page: Voila's page asks the server to shut its kernel down (a beacon
# on "beforeunload"), but the request carries no XSRF token and is refused with 403
# (voila-dashboards/voila#1458), so every closed tab left its kernel running.  Without a token
# or password (a class server on a school network) the XSRF check protects nothing here: the
# only requests it guards (DELETE /api/kernels/ID, POST /voila/api/shutdown/ID) need a kernel's
# random id.  With a token or a password, turn it back on (--Voila.tornado_settings={}).
# JupyterHub's single-user servers do not read this file: their check stays on.
c.Voila.tornado_settings = {"disable_check_xsrf": True}

# Idle kernels culled: a kernel with no page connected (a tab that crashed, a laptop closed,
# a lost network) and no activity for 2 minutes is shut down; checked every 30 s, so within
# 2 to 3 minutes (tripeaks/app/server.py).  Its blocked game reaches the teacher's page then.
# A connected page is never culled (cull_connected), however long the student thinks; a page
# whose kernel was culled (a phone locked longer) is reloaded and resumes its game from the browser.
c.MappingKernelManager.cull_idle_timeout = 120
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
# After a cell has run, Voila waits this many seconds for its output (the app's widgets) before it
# gives up on it and shows the page without the app.  nbclient's default of 4 s is too short on a
# busy computer (a class on 2 cores: a reload then showed only the notebook's introduction).
c.VoilaExecutor.iopub_timeout = 120
