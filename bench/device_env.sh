# Sourced by the device scripts (bench/*.sh): what every device call does first.
#   device_wheels        install the wheels carried in .whl/ (google-re2, accelerate: the device's
#                        python3 lacks them; no network there) into python3
#   device_txt FILE      the device, driver, versions, date and tree sent, for bench/results
#   gpu_pytest SECS NAME PYTEST-ARGS...
#                        pytest bounded by SECS (faulthandler 20 s before), its log $R/NAME.log and
#                        JUnit file $R/junit-NAME.xml; prints "NAME rc=N"
device_wheels() {
  ls .whl/*.whl >/dev/null 2>&1 && python3 -m pip install -q --no-index --no-deps --no-compile .whl/*.whl >/dev/null 2>&1
  return 0
}
device_txt() {
  { nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader
    python3 -c 'import sys, torch; print("torch", torch.__version__, "python", sys.version.split()[0])'
    python3 -c 'import transformers; print("transformers", transformers.__version__)' 2>/dev/null || echo "transformers: not installed"
    python3 -c 'import accelerate; print("accelerate", accelerate.__version__)' 2>/dev/null || echo "accelerate: not installed"
    nproc; date -u
    # the device's checkout carries the working tree, not this side's git history: .tree-sent says
    # which commit was sent (written by the caller: git log -1 --format='%H %s' > .tree-sent)
    if [ -f .tree-sent ]; then echo "tree sent: $(cat .tree-sent)"; else echo "tree sent: not recorded"; fi; } > "$1" 2>&1
}
gpu_pytest() {
  local secs=$1 name=$2; shift 2
  timeout -s INT "$secs" python3 -m pytest -p no:cacheprovider -q --durations=0 -o faulthandler_timeout=$((secs - 20)) \
    --junitxml="$R/junit-$name.xml" "$@" > "$R/$name.log" 2>&1
  echo "$name rc=$?"
}
