"""Makes the compact format's marks stop generation too: generation_config.json eos_token_id = [eos, marks...].

    /usr/bin/python3 models/recipe/stop_on_marks.py --model-dir models/ahd-heuristic-lm

An answer never contains `<a>` or `<p>`; a small model that runs past its answer starts a new parent block
(`<p>`), so stopping there costs nothing and saves the decode time of a second program.
"""
import argparse
import json
import os

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--model-dir", required=True)
args = ap.parse_args()
with open(os.path.join(args.model_dir, "tokenizer.json"), encoding="utf-8") as f:
    special = {t["content"]: t["id"] for t in json.load(f)["added_tokens"]}
with open(os.path.join(args.model_dir, "tokenizer_config.json"), encoding="utf-8") as f:
    eos = json.load(f)["eos_token"]
path = os.path.join(args.model_dir, "generation_config.json")
with open(path, encoding="utf-8") as f:
    gen = json.load(f)
gen["eos_token_id"] = [special[eos]] + sorted(i for t, i in special.items() if t != eos)
with open(path, "w", encoding="utf-8") as f:
    json.dump(gen, f, indent=2)
    f.write("\n")
print(f"stop_on_marks: eos_token_id = {gen['eos_token_id']}")
