"""`gpumemd preflight --prometheus URL`: the fleet's calibration read from a real local HTTP server
serving the answers a real Prometheus gave (recorded by tests/integration/test_preflight_prometheus.py
with --update-golden), the user's matchers checked by the rule selectors' parser, and every
hostile answer one line."""

from __future__ import annotations

import http.server
import json
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd import cli
from gpumemd.commands.fleet import MAX_CALIBRATION_BYTES, MAX_MATCHERS, Fleet, Unreachable, matchers
from gpumemd.config import ConfigError
from gpumemd.diagnosis.calibration import FAMILIES
from tests.helpers import ROOT

RECORDED = ROOT / "tests/fixtures/prometheus/calibration"
JOB = "tests.unit.preflight.models:tiny"
MODEL = "0bae353a6c83"  # the tiny decoder's fingerprint, as the recorded answers carry it
MiB = 1 << 20


class _Prometheus(http.server.BaseHTTPRequestHandler):
    """/api/v1/query: each family's recorded answer (or `override`), and the queries it was asked."""

    asked: list[str] = []
    override: bytes | None = None
    status = 200

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        expr = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("query", [""])[0]
        _Prometheus.asked.append(expr)
        family = next((f for f in FAMILIES if f + "{" in expr), None)
        body = self.override if self.override is not None else (
            (RECORDED / f"{family}.json").read_bytes() if family else b'{"status":"success","data":'
            b'{"resultType":"vector","result":[]}}')
        self.send_response(self.status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def prom() -> Iterator[str]:
    _Prometheus.asked, _Prometheus.override, _Prometheus.status = [], None, 200
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Prometheus)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_recorded_answers_are_one_rank_of_two_of_the_tiny_decoder() -> None:
    for f in FAMILIES:
        (item,) = json.loads((RECORDED / f"{f}.json").read_text())["data"]["result"]
        assert item["metric"]["model"] == MODEL and item["metric"]["world_size"] == "2"


def test_each_family_is_asked_for_the_model_and_the_matchers_and_joined(prom: str) -> None:
    fleet = Fleet(prom, matchers(['job="gpumemd"', 'instance=~"127\\\\..*", rank!="9"']), since=3600.0)
    (m,) = fleet(MODEL)
    assert (m.model, m.world, m.overhead, m.non_pytorch) == (MODEL, 2, 20 * MiB, 700 * MiB)
    assert m.step_peak and m.where == f"Prometheus at {prom}"
    assert len(_Prometheus.asked) == 3
    assert _Prometheus.asked[0] == ('last_over_time(gpumemd_training_calibration_step_peak_bytes{model="'
                                    f'{MODEL}",job="gpumemd",instance=~"127\\\\..*",rank!="9"}}[3600s])')
    assert fleet("not a model") == [] and len(_Prometheus.asked) == 3  # never asked: no fingerprint


@pytest.mark.parametrize("bad", ['cluster="a', "cluster=a", 'model="0bae353a6c83"', '__name__=~"x"',
                                 'job=~"(a"', "", "x" * 2000])
def test_a_bad_matcher_is_one_line_and_nothing_is_asked(bad: str) -> None:
    with pytest.raises(ConfigError) as err:
        matchers([bad])
    assert len(err.value.lines()) == 1 and err.value.lines()[0].startswith("--match")


def test_matchers_are_bounded() -> None:
    assert len(matchers(['a="1"'] * MAX_MATCHERS)) == MAX_MATCHERS
    with pytest.raises(ConfigError):
        matchers(['a="1"'] * (MAX_MATCHERS + 1))


@pytest.mark.parametrize(("status", "body", "said"), [
    (200, b'{"status":"error","error":"bad_data: parse error"}', "the query failed: bad_data"),
    (400, b'{"status":"error","error":"bad_data: unexpected"}', "the query failed"),
    (200, b"<html>not prometheus</html>", "not JSON"),
    (200, b'{"status":"success","data":{"resultType":"matrix","result":[]}}', "not an instant vector"),
    (503, b"down", "503"),
    (200, b'{"status":"success","data":{"resultType":"vector","result":["' + b"x" * MAX_CALIBRATION_BYTES
     + b'"]}}', "bytes"),
])
def test_a_hostile_answer_is_one_line(prom: str, status: int, body: bytes, said: str) -> None:
    _Prometheus.override, _Prometheus.status = body, status
    with pytest.raises(Unreachable) as err:
        Fleet(prom)(MODEL)
    assert said in str(err.value) and "\n" not in str(err.value)


def test_bad_series_are_skipped_and_said(prom: str) -> None:
    rows = [{"metric": {"model": MODEL, "rank": "0"}, "value": [1, "NaN"]},
            {"metric": {"model": "NOT-HEX", "rank": "1"}, "value": [1, "5"]},
            {"metric": {"model": MODEL, "rank": 2}, "value": [1, "5"]},
            {"metric": {"model": MODEL, "rank": "3", "world_size": "x"}, "value": [1, "5"]}]
    _Prometheus.override = json.dumps({"status": "success", "data": {"resultType": "vector",
                                                                     "result": rows}}).encode()
    fleet = Fleet(prom)
    got = fleet(MODEL)
    assert [(m.world, m.step_peak) for m in got] == [(None, 5)]  # a bad world_size is not a world
    assert any("labels of strings" in n for n in fleet.notes)
    assert any("calibration series not read" in n for n in fleet.notes)


def _preflight(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    code = cli.main(["preflight", JOB, "--shape", "2x16", "--gpu", "H200", "--json", *argv])
    out = capsys.readouterr()
    return code, json.loads(out.out) if out.out else {}, out.err


def test_preflight_takes_the_fleets_figures_with_nccl_measured_at_the_world_size(
        prom: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = _preflight(capsys, "--world", "2", "--prometheus", prom, "--match", 'job="gpumemd"')
    shape = doc["shapes"][0]
    assert code == 0 and shape["model"] == MODEL
    assert shape["overheads"]["non_pytorch"] == 700 * MiB and shape["nccl"] == 0
    assert shape["overheads"]["sources"]["nccl"].startswith("measured: in the non-PyTorch bytes of 1 process")
    code, doc, _ = _preflight(capsys, "--world", "4", "--prometheus", prom)  # no rank of 4: the default
    shape = doc["shapes"][0]
    assert shape["nccl"] == 840 * MiB and shape["overheads"]["sources"]["non_pytorch"].startswith("defaults")
    assert shape["overheads"]["allocator"] == 20 * MiB  # the allocator's overhead: any world size
    assert cli.main(["preflight", JOB, "--shape", "2x16", "--gpu", "H200", "--world", "2", "--prometheus",
                     prom, "-v"]) == 0
    out = capsys.readouterr().out
    assert "NCCL: in the non-PyTorch bytes" in out and "NCCL's buffers among them (measured)" in out


def test_preflight_says_an_unreachable_prometheus_and_a_bad_flag_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, doc, err = _preflight(capsys, "--prometheus", "http://127.0.0.1:9", "--timeout", "1s")
    assert code == 2 and not doc and err.startswith("gpumemd preflight: --prometheus http://127.0.0.1:9:")
    assert err.count("\n") == 1
    code, _, err = _preflight(capsys, "--match", 'a="1"')
    assert code == 2 and "--match: only with --prometheus" in err
    code, _, err = _preflight(capsys, "--since", "1d")
    assert code == 2 and "--since: only with --prometheus" in err
    code, _, err = _preflight(capsys, "--prometheus", "http://127.0.0.1:9", "--since", "0s")
    assert code == 2 and "--since" in err
