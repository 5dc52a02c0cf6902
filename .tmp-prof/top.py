import json,sys,glob,os,collections
f=max(glob.glob('/tmp/cpuprof/*.cpuprofile'), key=os.path.getsize)
p=json.load(open(f))
nodes={n['id']:n for n in p['nodes']}
self=collections.Counter()
dt=p['timeDeltas']; samples=p['samples']
for s,d in zip(samples,dt): self[s]+=d
tot=sum(self.values())
by=collections.Counter()
for nid,t in self.items():
    cf=nodes[nid]['callFrame']; key=f"{cf['functionName'] or '(anon)'} {os.path.basename(cf['url'])}:{cf['lineNumber']}"
    by[key]+=t
for k,t in by.most_common(int(sys.argv[1]) if len(sys.argv)>1 else 35): print(f"{100*t/tot:5.1f}%  {k}")
# by file
byf=collections.Counter()
for nid,t in self.items():
    cf=nodes[nid]['callFrame']; u=cf['url']
    key=u.split('node_modules/')[-1].split('/')[0] if 'node_modules' in u else (os.path.basename(u) or cf['functionName'])
    byf[key]+=t
print('--- by package/file')
for k,t in byf.most_common(20): print(f"{100*t/tot:5.1f}%  {k}")
