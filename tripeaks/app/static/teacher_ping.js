// The teacher's page tells its kernel that a browser still shows it: a message at once, then every
// `every` seconds while the page is open. A browser that died sends none, so the kernel stops
// refreshing the page and the idle culler can stop it.
function render({ model, el }) {
  el.style.display = "none";
  const ping = () => model.send({ kind: "ping" });
  ping();
  const timer = setInterval(ping, Math.max(1, model.get("every")) * 1000);
  return () => clearInterval(timer);
}
export default { render };
